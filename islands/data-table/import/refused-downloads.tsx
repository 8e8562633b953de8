// The links to the refused rows as the file had them, with their line numbers and messages (CSV and Excel),
// to be corrected and imported again.
import { importMsg } from '../../../common/import-messages.ts';
import { importUrl, type ImportId } from './import-api.ts';

export function RefusedDownloads({ listUrl, id }: { listUrl: string; id: ImportId }) {
  const url = importUrl(listUrl, id);
  return (
    <div className="import-downloads">
      <p>{importMsg('importRefusedDownload')}</p>
      <ul>
        <li>
          <a href={`${url}/refused.csv`} download>
            {importMsg('importRefusedCsv')}
          </a>
        </li>
        <li>
          <a href={`${url}/refused.xlsx`} download>
            {importMsg('importRefusedExcel')}
          </a>
        </li>
      </ul>
    </div>
  );
}
