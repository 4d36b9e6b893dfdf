import { expect } from 'chai';
import type { LookupAddress } from 'node:dns';
import {
  AddressBlockedError,
  blockedReason,
  guardedLookup,
  parseHostLiteral,
  resolvePermitted,
  type AddressPolicy,
  type HostLookup,
} from '../../../src/destinations/address-guard.js';

const NONE: AddressPolicy = { allowed: [] };
const LOOPBACK_ALLOWED: AddressPolicy = { allowed: ['127.0.0.0/8', '::1/128'] };

/** [host as a customer may write it, canonical address, reason]. */
const FORBIDDEN: [string, string, string][] = [
  ['127.0.0.1', '127.0.0.1', 'loopback'],
  ['127.255.255.254', '127.255.255.254', 'loopback'],
  ['2130706433', '127.0.0.1', 'loopback'],
  ['0x7f000001', '127.0.0.1', 'loopback'],
  ['0X7F000001', '127.0.0.1', 'loopback'],
  ['0x7f.0.0.1', '127.0.0.1', 'loopback'],
  ['0177.0.0.1', '127.0.0.1', 'loopback'],
  ['017700000001', '127.0.0.1', 'loopback'],
  ['127.1', '127.0.0.1', 'loopback'],
  ['127.0.1', '127.0.0.1', 'loopback'],
  ['127.0.0.1.', '127.0.0.1', 'loopback'],
  ['0.0.0.0', '0.0.0.0', 'unspecified'],
  ['0', '0.0.0.0', 'unspecified'],
  ['0.1.2.3', '0.1.2.3', 'unspecified'],
  ['10.1.2.3', '10.1.2.3', 'private'],
  ['012.1.2.3', '10.1.2.3', 'private'],
  ['100.64.0.1', '100.64.0.1', 'cgnat'],
  ['100.127.255.255', '100.127.255.255', 'cgnat'],
  ['169.254.169.254', '169.254.169.254', 'metadata'],
  ['0xa9fea9fe', '169.254.169.254', 'metadata'],
  ['2852039166', '169.254.169.254', 'metadata'],
  ['169.254.1.1', '169.254.1.1', 'link-local'],
  ['172.16.0.1', '172.16.0.1', 'private'],
  ['172.31.255.255', '172.31.255.255', 'private'],
  ['192.0.0.8', '192.0.0.8', 'reserved'],
  ['192.0.2.1', '192.0.2.1', 'reserved'],
  ['192.168.1.1', '192.168.1.1', 'private'],
  ['198.18.0.1', '198.18.0.1', 'reserved'],
  ['198.19.255.255', '198.19.255.255', 'reserved'],
  ['198.51.100.7', '198.51.100.7', 'reserved'],
  ['203.0.113.9', '203.0.113.9', 'reserved'],
  ['224.0.0.1', '224.0.0.1', 'multicast'],
  ['239.255.255.250', '239.255.255.250', 'multicast'],
  ['240.0.0.1', '240.0.0.1', 'reserved'],
  ['255.255.255.255', '255.255.255.255', 'broadcast'],
  ['::', '::', 'unspecified'],
  ['[::]', '::', 'unspecified'],
  ['::1', '::1', 'loopback'],
  ['[::1]', '::1', 'loopback'],
  ['[0:0:0:0:0:0:0:1]', '::1', 'loopback'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1', 'loopback'],
  ['[::ffff:7f00:1]', '::ffff:7f00:1', 'loopback'],
  ['::FFFF:7F00:1', '::ffff:7f00:1', 'loopback'],
  ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', 'metadata'],
  ['[::ffff:10.0.0.1]', '::ffff:a00:1', 'private'],
  ['[::127.0.0.1]', '::7f00:1', 'loopback'],
  ['[::7f00:1]', '::7f00:1', 'loopback'],
  ['[::192.168.0.1]', '::c0a8:1', 'private'],
  ['[::ffff:0:127.0.0.1]', '::ffff:0:7f00:1', 'loopback'],
  ['[64:ff9b::127.0.0.1]', '64:ff9b::7f00:1', 'loopback'],
  ['[64:ff9b::a9fe:a9fe]', '64:ff9b::a9fe:a9fe', 'metadata'],
  ['[64:ff9b:1::1]', '64:ff9b:1::1', 'private'],
  ['[2002:7f00:1::]', '2002:7f00:1::', 'loopback'],
  ['[2002:a9fe:a9fe::1]', '2002:a9fe:a9fe::1', 'metadata'],
  ['[2002:c0a8:101::]', '2002:c0a8:101::', 'private'],
  ['fc00::1', 'fc00::1', 'private'],
  ['[FD12:3456::1]', 'fd12:3456::1', 'private'],
  ['[fd00:ec2::254]', 'fd00:ec2::254', 'metadata'],
  ['fe80::1', 'fe80::1', 'link-local'],
  ['fe80::1%eth0', 'fe80::1%eth0', 'link-local'],
  ['[fe80::1%25eth0]', 'fe80::1%eth0', 'link-local'],
  ['[FE80::ABCD%25en0]', 'fe80::abcd%en0', 'link-local'],
  ['ff02::1', 'ff02::1', 'multicast'],
  ['100::1', '100::1', 'reserved'],
  ['2001:db8::1', '2001:db8::1', 'reserved'],
  ['fec0::1', 'fec0::1', 'reserved'],
  ['4000::1', '4000::1', 'reserved'],
];

const PERMITTED: [string, string][] = [
  ['8.8.8.8', '8.8.8.8'],
  ['1.1.1.1', '1.1.1.1'],
  ['134744072', '8.8.8.8'],
  ['2606:4700::1111', '2606:4700::1111'],
  ['[2606:4700:4700::1111]', '2606:4700:4700::1111'],
  ['[::ffff:8.8.8.8]', '::ffff:808:808'],
  ['[64:ff9b::8.8.8.8]', '64:ff9b::808:808'],
  ['[2002:808:808::1]', '2002:808:808::1'],
];

const NAMES = ['localhost', 'example.com', 'hooks.example.com.', '1.2.3.4.5', '08.0.0.1', '[::1]/x', ''];

describe('address guard', () => {
  describe('parseHostLiteral and blockedReason', () => {
    for (const [host, canonical, reason] of FORBIDDEN) {
      it(`refuses ${host} as ${reason}`, () => {
        expect(parseHostLiteral(host)).to.equal(canonical);
        expect(blockedReason(host, NONE)).to.equal(reason);
        expect(blockedReason(canonical, NONE)).to.equal(reason);
      });
    }
    for (const [host, canonical] of PERMITTED) {
      it(`permits ${host}`, () => {
        expect(parseHostLiteral(host)).to.equal(canonical);
        expect(blockedReason(host, NONE)).to.equal(undefined);
      });
    }
    it('reads DNS names as names', () => {
      for (const name of NAMES) expect(parseHostLiteral(name), name).to.equal(undefined);
    });
  });

  describe('the allow-list', () => {
    it('overrides the forbidden ranges it names, and only those', () => {
      expect(blockedReason('127.0.0.1', LOOPBACK_ALLOWED)).to.equal(undefined);
      expect(blockedReason('0x7f000001', LOOPBACK_ALLOWED)).to.equal(undefined);
      expect(blockedReason('[::1]', LOOPBACK_ALLOWED)).to.equal(undefined);
      expect(blockedReason('[::ffff:127.0.0.1]', LOOPBACK_ALLOWED)).to.equal(undefined);
      expect(blockedReason('10.0.0.1', LOOPBACK_ALLOWED)).to.equal('private');
      expect(blockedReason('169.254.169.254', LOOPBACK_ALLOWED)).to.equal('metadata');
      expect(blockedReason('::2', LOOPBACK_ALLOWED)).to.equal('unspecified');
    });
  });

  describe('resolvePermitted', () => {
    const lookupOf =
      (answers: Record<string, string[]>): HostLookup =>
      (host) => {
        const addresses = answers[host];
        if (addresses === undefined) return Promise.reject(new Error('ENOTFOUND'));
        return Promise.resolve(
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      };
    const lookup = lookupOf({
      'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'rebind.example': ['93.184.215.14', '127.0.0.1'],
      'mapped.example': ['2606:4700::1111', '::ffff:10.0.0.1'],
      'empty.example': [],
    });

    it('returns the first address when every address is public', async () => {
      expect(await resolvePermitted('public.example', NONE, lookup)).to.equal('93.184.215.14');
    });
    it('refuses a name when any of its addresses is forbidden', async () => {
      for (const [host, address, reason] of [
        ['rebind.example', '127.0.0.1', 'loopback'],
        ['mapped.example', '::ffff:10.0.0.1', 'private'],
      ] as const) {
        const error = await resolvePermitted(host, NONE, lookup).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).to.be.instanceOf(AddressBlockedError);
        expect(error).to.include({ host, address, reason, name: 'AddressBlockedError' });
      }
    });
    it('refuses a name that does not resolve', async () => {
      for (const host of ['empty.example', 'missing.example']) {
        const error = await resolvePermitted(host, NONE, lookup).catch((thrown: unknown) => thrown);
        expect(error).to.be.instanceOf(AddressBlockedError).and.include({ reason: 'unresolvable' });
      }
    });
    it('judges literals without resolving them', async () => {
      const never: HostLookup = () => Promise.reject(new Error('must not resolve'));
      expect(await resolvePermitted('[2606:4700::1111]', NONE, never)).to.equal('2606:4700::1111');
      expect(await resolvePermitted('0x7f.1', LOOPBACK_ALLOWED, never)).to.equal('127.0.0.1');
      const error = await resolvePermitted('0177.1', NONE, never).catch((thrown: unknown) => thrown);
      expect(error)
        .to.be.instanceOf(AddressBlockedError)
        .and.include({ address: '127.0.0.1', reason: 'loopback' });
    });
  });

  describe('guardedLookup', () => {
    const lookup: HostLookup = (host) =>
      Promise.resolve(
        host === 'rebind.example'
          ? [
              { address: '93.184.215.14', family: 4 },
              { address: '::1', family: 6 },
            ]
          : [
              { address: '2606:4700::1111', family: 6 },
              { address: '1.1.1.1', family: 4 },
            ],
      );
    const call = (host: string, options: { all?: boolean; family?: number }) =>
      new Promise<{ error: Error | null; address: string | LookupAddress[]; family: number | undefined }>(
        (resolve) => {
          guardedLookup(NONE, lookup)(host, options, (error, address, family) => {
            resolve({ error, address, family });
          });
        },
      );

    it('answers in both callback shapes', async () => {
      expect(await call('one.example', {})).to.deep.include({
        error: null,
        address: '2606:4700::1111',
        family: 6,
      });
      expect((await call('one.example', { all: true })).address).to.have.length(2);
      expect(await call('one.example', { family: 4 })).to.deep.include({ address: '1.1.1.1', family: 4 });
    });
    it('fails when any address is forbidden, whatever family was asked for', async () => {
      const { error } = await call('rebind.example', { family: 4 });
      expect(error).to.be.instanceOf(AddressBlockedError).and.include({ address: '::1', reason: 'loopback' });
    });
    it('judges literals', async () => {
      const { error } = await call('2130706433', { all: true });
      expect(error).to.be.instanceOf(AddressBlockedError).and.include({ reason: 'loopback' });
    });
  });
});
