import COpenSSL
import Foundation

/// Builds CMS signed envelopes and X.509 certificates at test time with libcrypto, in process:
/// a fresh P-256 key, a self-signed certificate with fixed dates, and `CMS_sign` with
/// `CMS_BINARY` and without `CMS_DETACHED`, so the content is embedded as in Apple's profiles.
package enum TestSigner {
  /// A libcrypto call that failed while building a fixture.
  package struct Failure: Error, CustomStringConvertible {
    package var step: String
    package var description: String { "libcrypto failed to \(step)" }

    /// A failure at `step`.
    package init(step: String) { self.step = step }
  }

  /// A key and a self-signed certificate for it; frees both when released.
  package final class Identity {
    package let key: OpaquePointer
    package let cert: OpaquePointer

    /// Generates a P-256 key and a certificate for `commonName` valid between two instants
    /// written as ASN.1 `GeneralizedTime` (`20240101000000Z`).
    package init(commonName: String, notBefore: String, notAfter: String) throws {
      guard let ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else {
        throw Failure(step: "make a key context")
      }
      defer { EVP_PKEY_CTX_free(ctx) }
      var key: OpaquePointer?
      guard EVP_PKEY_keygen_init(ctx) == 1,
        EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, NID_X9_62_prime256v1) == 1,
        EVP_PKEY_keygen(ctx, &key) == 1, let key
      else { throw Failure(step: "generate a P-256 key") }
      guard let cert = X509_new() else {
        EVP_PKEY_free(key)
        throw Failure(step: "make a certificate")
      }
      self.key = key
      self.cert = cert
      guard X509_set_version(cert, 2) == 1,
        ASN1_INTEGER_set(X509_get_serialNumber(cert), 1) == 1,
        ASN1_TIME_set_string_X509(X509_getm_notBefore(cert), notBefore) == 1,
        ASN1_TIME_set_string_X509(X509_getm_notAfter(cert), notAfter) == 1,
        X509_set_pubkey(cert, key) == 1,
        let name = X509_get_subject_name(cert),
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0) == 1,
        X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, "infoscope tests", -1, -1, 0) == 1,
        X509_set_issuer_name(cert, name) == 1,
        X509_sign(cert, key, EVP_sha256()) > 0
      else { throw Failure(step: "fill in and sign the certificate") }
    }

    deinit {
      X509_free(cert)
      EVP_PKEY_free(key)
    }

    /// The certificate in DER.
    package func certificateDER() throws -> [UInt8] {
      try TestSigner.encode { i2d_X509(cert, $0) }
    }

    /// A CMS `SignedData` envelope over `content`, embedded, in DER.
    package func sign(_ content: [UInt8]) throws -> [UInt8] {
      let cms = try content.withUnsafeBytes { raw throws -> OpaquePointer in
        guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
          throw Failure(step: "make a memory BIO")
        }
        defer { BIO_free(bio) }
        guard let cms = CMS_sign(cert, key, nil, bio, UInt32(CMS_BINARY)) else {
          throw Failure(step: "sign with CMS_sign")
        }
        return cms
      }
      defer { CMS_ContentInfo_free(cms) }
      return try TestSigner.encode { i2d_CMS_ContentInfo(cms, $0) }
    }

    /// The same envelope streamed as BER, as Apple serves many profiles: indefinite lengths
    /// (`30 80 …`) and the content split into a constructed OCTET STRING of 1 KiB chunks.
    package func signStreamingBER(_ content: [UInt8]) throws -> [UInt8] {
      let flags = UInt32(CMS_BINARY | CMS_STREAM)
      return try content.withUnsafeBytes { raw throws -> [UInt8] in
        guard let input = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
          throw Failure(step: "make a memory BIO")
        }
        defer { BIO_free(input) }
        guard let cms = CMS_sign(cert, key, nil, input, flags) else {
          throw Failure(step: "sign with CMS_STREAM")
        }
        defer { CMS_ContentInfo_free(cms) }
        guard let output = BIO_new(BIO_s_mem()) else { throw Failure(step: "make an output BIO") }
        defer { BIO_free(output) }
        guard i2d_CMS_bio_stream(output, cms, input, Int32(flags)) == 1 else {
          throw Failure(step: "stream the envelope")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
          let count = BIO_read(output, &chunk, Int32(chunk.count))
          if count <= 0 { break }
          bytes += chunk[0..<Int(count)]
        }
        return bytes
      }
    }
  }

  /// The signer every test profile uses, with fixed dates.
  package static let signerName = "infoscope Test Profile Signing"

  /// Signs `content` with a fresh identity named `signerName`, valid 2024-01-01 to 2034-01-01.
  package static func sign(_ content: [UInt8]) throws -> [UInt8] {
    try Identity(commonName: signerName, notBefore: "20240101000000Z", notAfter: "20340101000000Z")
      .sign(content)
  }

  /// Signs the UTF-8 text of `content`.
  package static func sign(_ content: String) throws -> [UInt8] { try sign(Array(content.utf8)) }

  /// A CMS envelope of the `data` type (not `SignedData`) holding `content`, in DER.
  package static func dataEnvelope(_ content: [UInt8]) throws -> [UInt8] {
    let cms = try content.withUnsafeBytes { raw throws -> OpaquePointer in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)),
        let cms = CMS_data_create(bio, UInt32(CMS_BINARY))
      else { throw Failure(step: "make a CMS data envelope") }
      BIO_free(bio)
      return cms
    }
    defer { CMS_ContentInfo_free(cms) }
    return try encode { i2d_CMS_ContentInfo(cms, $0) }
  }

  /// A detached CMS signature over `content` (the content left out), in DER.
  package static func detachedSignature(_ content: [UInt8]) throws -> [UInt8] {
    let identity = try Identity(
      commonName: signerName, notBefore: "20240101000000Z", notAfter: "20340101000000Z")
    let cms = try content.withUnsafeBytes { raw throws -> OpaquePointer in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)),
        let cms = CMS_sign(
          identity.cert, identity.key, nil, bio, UInt32(CMS_BINARY | CMS_DETACHED))
      else { throw Failure(step: "sign detached") }
      BIO_free(bio)
      return cms
    }
    defer { CMS_ContentInfo_free(cms) }
    return try encode { i2d_CMS_ContentInfo(cms, $0) }
  }

  /// Runs an `i2d_*` function twice, for the length and then the bytes.
  private static func encode(
    _ i2d: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
  ) throws -> [UInt8] {
    let length = i2d(nil)
    guard length > 0 else { throw Failure(step: "DER-encode") }
    var out = [UInt8](repeating: 0, count: Int(length))
    let written = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var cursor = buffer.baseAddress
      return i2d(&cursor)
    }
    guard written == length else { throw Failure(step: "DER-encode") }
    return out
  }
}
