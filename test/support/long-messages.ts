// Messages long enough that an export of them outgrows every buffer between the database and its client (some
// 30 MB of text over three of an export's batches): a client that stops reading holds the export up midway,
// its COPY waiting to write or its cursor's transaction waiting between batches. Each is one of ten stretches
// of a random text, so that no stretch comes again within the 32 KB an Excel file's compression looks back:
// the workbook stays about half the size of its text.
import type pg from 'pg';

export async function addLongMessages(pool: pg.Pool, userName: string, count = 5000): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Longer than a request's statement may run, on a machine shared with other work.
    await client.query('set local statement_timeout = 0');
    await client.query(
      `with noise as (select string_agg(md5(g || '.' || random()), '') as text from generate_series(1, 2000) g)
       insert into inbox (kind, user_id, title, body)
       select 'message', (select user_id from users where user_name = $1), 'Long message ' || i,
              substr(noise.text, 1 + (i % 10) * 6400, 6400)
       from noise, generate_series(1, $2::int) i`,
      [userName, count],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
}
