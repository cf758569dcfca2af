"""Signed heads: a DM's Ed25519 key signs each encounter's head (log identity, encounter, last seq, its hash)
as it is appended; a player who keeps the public key checks with `combatlog verify --public-key`. A log edited
without the key then shows a head no signature covers. Needs the `cryptography` package (`combatlog[sign]`)."""

import os
from pathlib import Path

from combatlog.events.stores.base import StoreError
from combatlog.words import Said

KEY_VARIABLE = "COMBATLOG_SIGNING_KEY"  # the path of the DM's private key: every append then signs its head


def _crypto():
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:
        raise StoreError(Said("store-needs-module", module="cryptography")) from None
    return serialization, ed25519


def head_message(log_id: str | None, encounter: str, seq: int, digest: str) -> bytes:
    """The bytes a head's signature covers."""
    return b"\x00".join([b"combatlog head 1", (log_id or "").encode(), encounter.encode(), str(seq).encode(),
                         digest.encode()])


def new_key_pair(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write a new private key to `path` (readable by its owner only) and its public key to `path.pub`."""
    serialization, ed25519 = _crypto()
    private = ed25519.Ed25519PrivateKey.generate()
    target, public = Path(path), Path(f"{os.fspath(path)}.pub")
    if target.exists():
        raise StoreError(Said("store-key-exists", path=str(target)))
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    public.write_bytes(private.public_key().public_bytes(serialization.Encoding.PEM,
                                                         serialization.PublicFormat.SubjectPublicKeyInfo))
    return target, public


class Signer:
    """Signs head messages with a private key file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        serialization, ed25519 = _crypto()
        try:
            key = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
        except (OSError, ValueError, TypeError) as error:
            raise StoreError(Said("store-key-unreadable", path=os.fspath(path), error=str(error))) from None
        if not isinstance(key, ed25519.Ed25519PrivateKey):
            raise StoreError(Said("store-key-unreadable", path=os.fspath(path), error="not an Ed25519 key"))
        self._key = key

    def sign(self, message: bytes) -> str:
        return self._key.sign(message).hex()

    def sign_head(self, log_id: str | None, encounter: str, seq: int, digest: str) -> str:
        """The hex signature of a head (see head_message)."""
        return self.sign(head_message(log_id, encounter, seq, digest))


def signer_from_environment() -> Signer | None:
    """The signer COMBATLOG_SIGNING_KEY names, or None when it is not set."""
    path = os.environ.get(KEY_VARIABLE)
    return Signer(path) if path else None


class Checker:
    """Checks head signatures against a public key file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        serialization, ed25519 = _crypto()
        try:
            key = serialization.load_pem_public_key(Path(path).read_bytes())
        except (OSError, ValueError, TypeError) as error:
            raise StoreError(Said("store-key-unreadable", path=os.fspath(path), error=str(error))) from None
        if not isinstance(key, ed25519.Ed25519PublicKey):
            raise StoreError(Said("store-key-unreadable", path=os.fspath(path), error="not an Ed25519 key"))
        self._key = key

    def valid(self, message: bytes, signature: str) -> bool:
        from cryptography.exceptions import InvalidSignature

        try:
            self._key.verify(bytes.fromhex(signature), message)
        except (InvalidSignature, ValueError):
            return False
        return True
