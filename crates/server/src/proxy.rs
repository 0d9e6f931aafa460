//! Who the client is behind a trusted proxy (issue 40): `--trusted-proxy CIDR`. Only
//! a connection from one of those networks may say, in `Forwarded` (RFC 7239) or
//! `X-Forwarded-For`, whom it forwards for; anyone else's header is ignored, since a
//! client can write any header it likes. The client is the right-most hop of the
//! header that is not itself a trusted proxy: each proxy appends the address it saw,
//! so hops to the left of the first untrusted one could have been written by the
//! client.

use axum::http::HeaderMap;
use std::net::IpAddr;
use std::str::FromStr;

/// A network, `address/prefix` (`10.0.0.0/8`, `::1/128`; a bare address is the
/// address alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    bits: u8,
}

impl Cidr {
    /// Does the network hold `ip`? (An IPv4 address written as IPv6 is the IPv4
    /// address.)
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = unmapped(ip);
        match (self.net, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                masked(u128::from(u32::from(n)), 32, self.bits)
                    == masked(u128::from(u32::from(a)), 32, self.bits)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                masked(u128::from(n), 128, self.bits) == masked(u128::from(a), 128, self.bits)
            }
            _ => false,
        }
    }
}

/// `v`, a `width`-bit address, with all but its first `bits` bits cleared.
pub(crate) fn masked(v: u128, width: u32, bits: u8) -> u128 {
    let keep = u32::from(bits).min(width);
    let mask = if keep == 0 {
        0
    } else {
        (u128::MAX << (width - keep)) & (u128::MAX >> (128 - width))
    };
    v & mask
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 address.
pub(crate) fn unmapped(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (addr, bits) = match s.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        let net: IpAddr = addr
            .trim()
            .parse()
            .map_err(|_| format!("{s:?} is not an address or a network (e.g. 10.0.0.0/8, ::1)"))?;
        let net = unmapped(net);
        let width = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => width,
            Some(b) => b
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&b| b <= width)
                .ok_or_else(|| format!("{s:?}: the prefix must be 0 to {width}"))?,
        };
        Ok(Cidr { net, bits })
    }
}

/// The client of a request that came over a connection from `peer`: `peer` itself,
/// unless `peer` is one of `trusted`; then the right-most hop of `Forwarded` (or, when
/// there is none, `X-Forwarded-For`) that is not in `trusted` (the left-most hop
/// when every hop is trusted, and `peer` when the header is missing or unreadable).
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|c| c.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let hops = forwarded_hops(headers).or_else(|| x_forwarded_for(headers));
    let Some(hops) = hops else {
        return peer;
    };
    hops.iter()
        .rev()
        .copied()
        .find(|&ip| !is_trusted(ip))
        .or_else(|| hops.first().copied())
        .unwrap_or(peer)
}

/// The `for=` hops of every `Forwarded` header, in order; `None` when there is no such
/// header or one hop does not read as an address (an obfuscated or `unknown` hop
/// stops the walk: the client cannot be told).
fn forwarded_hops(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all("forwarded") {
        any = true;
        let text = value.to_str().ok()?;
        for element in text.split(',') {
            for pair in element.split(';') {
                let Some((k, v)) = pair.split_once('=') else {
                    continue;
                };
                if k.trim().eq_ignore_ascii_case("for") {
                    hops.push(node_address(v.trim().trim_matches('"'))?);
                }
            }
        }
    }
    (any && !hops.is_empty()).then_some(hops)
}

/// An RFC 7239 node: `192.0.2.1`, `192.0.2.1:80`, `[2001:db8::1]`, `[2001:db8::1]:80`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    let host = match node.rsplit_once(':') {
        Some((h, port)) if !h.contains(':') && port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => node,
    };
    host.parse().ok()
}

/// The hops of every `X-Forwarded-For` header, in order; `None` when there is none or
/// a hop does not read as an address.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut hops = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        for hop in value.to_str().ok()?.split(',') {
            hops.push(node_address(hop.trim())?);
        }
    }
    (!hops.is_empty()).then_some(hops)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn networks_read_and_hold_their_addresses() {
        let lo: Cidr = "127.0.0.0/8".parse().unwrap();
        assert!(lo.contains(ip("127.9.9.9")) && !lo.contains(ip("128.0.0.1")));
        assert!(lo.contains(ip("::ffff:127.0.0.1")), "IPv4-mapped is IPv4");
        let six: Cidr = "2001:db8::/32".parse().unwrap();
        assert!(six.contains(ip("2001:db8:1::5")) && !six.contains(ip("2001:db9::1")));
        let one: Cidr = "10.0.0.7".parse().unwrap();
        assert!(one.contains(ip("10.0.0.7")) && !one.contains(ip("10.0.0.8")));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("nonsense".parse::<Cidr>().is_err());
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.9")));
    }

    #[test]
    fn only_a_trusted_peer_is_believed_and_the_right_most_untrusted_hop_is_the_client() {
        let trusted: Vec<Cidr> = vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()];
        let h = headers(&[("x-forwarded-for", "198.51.100.1, 203.0.113.5, 10.0.0.2")]);
        // A client that writes the header itself is not believed.
        assert_eq!(
            client_address(ip("192.0.2.9"), &h, &trusted),
            ip("192.0.2.9")
        );
        // Through the proxies: the client wrote 198.51.100.1, 203.0.113.5 connected.
        assert_eq!(
            client_address(ip("127.0.0.1"), &h, &trusted),
            ip("203.0.113.5")
        );
        // Forwarded wins over X-Forwarded-For; quoted IPv6 with a port reads.
        let h = headers(&[
            (
                "forwarded",
                "for=192.0.2.60;proto=http, for=\"[2001:db8::17]:4711\"",
            ),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &h, &trusted),
            ip("2001:db8::17")
        );
        // Every hop a proxy: the left-most; no header or an unreadable one: the peer.
        let h = headers(&[("x-forwarded-for", "10.1.1.1, 10.2.2.2")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &h, &trusted),
            ip("10.1.1.1")
        );
        assert_eq!(
            client_address(ip("127.0.0.1"), &HeaderMap::new(), &trusted),
            ip("127.0.0.1")
        );
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &h, &trusted),
            ip("127.0.0.1")
        );
        // No proxy trusted (the default): every header ignored.
        let h = headers(&[("x-forwarded-for", "198.51.100.1")]);
        assert_eq!(client_address(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"));
    }
}
