"""Test certificates made with ``cryptography``: a CA, a server certificate for localhost and
127.0.0.1, a client certificate, and a second CA that signed none of them."""

from __future__ import annotations

import datetime
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

_DAY = datetime.timedelta(days=1)


@dataclass(frozen=True)
class Certs:
    """PEM files in one folder."""

    ca: Path
    server_cert: Path
    server_key: Path
    client_cert: Path
    client_key: Path
    other_ca: Path


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _write_key(key: ec.EllipticCurvePrivateKey, path: Path) -> None:
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    path.chmod(0o600)


def _write_cert(cert: x509.Certificate, path: Path) -> None:
    path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))


def _ca(common_name: str) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(_name(common_name))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _DAY)
        .not_valid_after(now + _DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    return cert, key


def _leaf(
    common_name: str,
    usage: x509.ObjectIdentifier,
    ca: tuple[x509.Certificate, ec.EllipticCurvePrivateKey],
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(ca[0].subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _DAY)
        .not_valid_after(now + _DAY)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.ExtendedKeyUsage([usage]), critical=False)
        .sign(ca[1], hashes.SHA256())
    )
    return cert, key


def make_certs(folder: Path) -> Certs:
    """Write a CA, a server and a client certificate signed by it, and an unrelated CA."""
    folder.mkdir(parents=True, exist_ok=True)
    certs = Certs(
        ca=folder / "ca.pem",
        server_cert=folder / "server.pem",
        server_key=folder / "server.key",
        client_cert=folder / "client.pem",
        client_key=folder / "client.key",
        other_ca=folder / "other-ca.pem",
    )
    ca = _ca("Ruckus test CA")
    _write_cert(ca[0], certs.ca)
    server = _leaf("localhost", ExtendedKeyUsageOID.SERVER_AUTH, ca)
    _write_cert(server[0], certs.server_cert)
    _write_key(server[1], certs.server_key)
    client = _leaf("ruckus referee", ExtendedKeyUsageOID.CLIENT_AUTH, ca)
    _write_cert(client[0], certs.client_cert)
    _write_key(client[1], certs.client_key)
    _write_cert(_ca("Someone else's CA")[0], certs.other_ca)
    return certs
