import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('/tmp/wts/data/pglite', { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_connections=5'] });
const owner = (await db.query<{ o: string }>('select owner_id as o from applications limit 1')).rows[0]!.o;
const q = `select a.*, (select count(*)::int from application_signatories s where s.application_id = a.id), (select n.full_name from notary_profiles n where n.user_id = a.notary_id), count(*) over() from applications a where a.owner_id = $1 or a.assigned_notary_id = $1 order by created_at desc, id desc limit $2 offset $3`;
const qs = `select s.*, u.* from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.idle_expires_at > now() limit 1`;
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < 300; i++) await fn();
  console.log(label, ((performance.now() - t) / 300).toFixed(3), 'ms');
}
await time('select 1', () => db.query('select 1'));
await time('select 1 exec', () => db.exec('select 1'));
await time('list', () => db.query(q, [owner, 20, 0]));
await time('list only ids', () => db.query(`select a.id from applications a where a.owner_id = $1 or a.assigned_notary_id = $1 order by created_at desc, id desc limit $2 offset $3`, [owner, 20, 0]));
await time('session', () => db.query(qs, ['x']));
await time('list inline', () => db.exec(q.replace(/\$1/g, `'${owner}'`).replace('$2', '20').replace('$3', '0')));
