import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './address-policy';

describe('which addresses an outside URL may reach', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', '"this network" upper edge'],
    ['10.0.0.0', 'private lower edge'],
    ['10.255.255.255', 'private upper edge'],
    ['100.64.0.0', 'carrier-grade NAT lower edge'],
    ['100.127.255.255', 'carrier-grade NAT upper edge'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback upper range'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.0', 'private lower edge'],
    ['172.31.255.255', 'private upper edge'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.10', 'documentation'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private upper edge'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking upper edge'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['9.255.255.255', 'just below 10/8'],
    ['11.0.0.0', 'just above 10/8'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['126.255.255.255', 'just below loopback'],
    ['128.0.0.0', 'just above loopback'],
    ['169.253.255.255', 'just below link-local'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['192.167.255.255', 'just below 192.168/16'],
    ['192.169.0.0', 'just above 192.168/16'],
    ['223.255.255.255', 'just below multicast'],
    ['8.8.8.8', 'a public resolver'],
    ['157.240.22.35', "Meta's CDN"],
  ])('allows public IPv4 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback written out'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['fc00::1', 'unique local'],
    ['fdff:ffff::1', 'unique local upper half'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf:ffff::1', 'link-local upper edge'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast site'],
    ['100::1', 'discard prefix'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['4000::1', 'outside global unicast'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex (as URL parsing writes it)'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
    ['64:ff9b::c0a8:0101', 'NAT64 of 192.168.1.1'],
  ])('refuses IPv6 embedding a forbidden IPv4: %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['2a03:2880:f12f:83:face:b00c:0:25de', "Meta's IPv6"],
    ['2001:4860:4860::8888', 'a public resolver'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of a public IPv4'],
    ['3fff:ffff::1', 'global unicast upper edge'],
  ])('allows public IPv6 %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each(['localhost', '', '1.2.3', '256.1.1.1', 'example.com'])(
    'refuses %j, which is not an address',
    (text) => {
      expect(isForbiddenAddress(text)).toBe(true);
    },
  );
});
