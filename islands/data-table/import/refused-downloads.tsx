// The links to the refused rows as the file had them, with their line numbers and messages (CSV and Excel),
// to be corrected and imported again.
import { importMsg } from '../../../common/import-messages.ts';
import { importUrl, type ImportId } from './import-api.ts';

export function RefusedDownloads({ listUrl, id }: { listUrl: string; id: ImportId }) {
  const url = importUrl(listUrl, id);
  return (
    <div className="import-downloads">
      <p>{importMsg('importDialogRefusedDownload')}</p>
      <ul>
        <li>
          <a href={`${url}/refused.csv`} download>
            {importMsg('importDialogRefusedCsv')}
          </a>
        </li>
        <li>
          <a href={`${url}/refused.xlsx`} download>
            {importMsg('importDialogRefusedExcel')}
          </a>
        </li>
      </ul>
    </div>
  );
}
