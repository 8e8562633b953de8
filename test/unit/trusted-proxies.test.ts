// Which connections come from a proxy TRUST_PROXY names (their connections are not counted per address:
// server/client-connections/per-address.ts): the same addresses and networks Fastify believes.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { isProxyPeer, parseTrustedProxies } from '../../server/trusted-proxies.ts';

test('no proxies: no connection is from one', () => {
  assert.equal(isProxyPeer(parseTrustedProxies(undefined))('127.0.0.1'), false);
});

test('a hop count: every connection is taken as a proxy', () => {
  const fromProxy = isProxyPeer(parseTrustedProxies('1'));
  assert.equal(fromProxy('10.0.0.2'), true);
  assert.equal(fromProxy('203.0.113.9'), true);
});

test('addresses and networks: those, written either way for IPv4, and nothing else', () => {
  const fromProxy = isProxyPeer(parseTrustedProxies('10.0.0.2, 10.1.0.0/16'));
  for (const address of ['10.0.0.2', '10.1.200.3', '::ffff:10.0.0.2']) assert.equal(fromProxy(address), true, address);
  for (const address of ['10.0.0.3', '10.2.0.1', '203.0.113.9', '::1']) assert.equal(fromProxy(address), false, address);
});
