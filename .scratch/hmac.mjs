import { createHmac, createHash, hash, createSecretKey, randomBytes } from 'node:crypto';
const key = randomBytes(32); const ko = createSecretKey(key);
const msg = JSON.stringify([25, ['2024-01-01', 12345]]);
function t(name, f) { for (let i = 0; i < 20000; i++) f(); const s = performance.now(); for (let i = 0; i < 100000; i++) f(); console.log(name, ((performance.now() - s) / 100000 * 1000).toFixed(2), 'us'); }
t('createHmac buf', () => createHmac('sha256', key).update(msg).digest());
t('createHmac keyobj', () => createHmac('sha256', ko).update(msg).digest());
t('createHash', () => createHash('sha256').update(key).update(msg).digest());
t('hash()', () => hash('sha256', key.toString('latin1') + msg, 'buffer'));
t('stringify+b64', () => Buffer.from(JSON.stringify({ p: 25, v: ['2024-01-01', 12345], m: 'abcdefghijklmnopqrstuv' })).toString('base64url'));
t('date iso', () => new Date().toISOString());
