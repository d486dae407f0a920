import COpenSSL
import PlistCore

/// The parts of a CMS (PKCS#7) `SignedData` envelope that a provisioning profile needs: the
/// encapsulated content and the certificates it carries, decoded with OpenSSL's libcrypto.
///
/// The signature is **not verified**. Verifying it means checking the signer's chain up to
/// Apple's root certificate authority, which Linux does not ship and infoscope does not bundle;
/// so the content is read as it stands and the signer is reported by name only, for a person to
/// judge. Envelopes come from RFC 5652 (https://www.rfc-editor.org/rfc/rfc5652); Apple says a
/// profile is "a property list wrapped within a Cryptographic Message Syntax (CMS) signature"
/// in TN3125 (https://developer.apple.com/documentation/technotes/tn3125-inside-code-signing-provisioning-profiles).
package struct CMSEnvelope: Sendable, Equatable {
  /// The encapsulated content octets (`eContent`): for a profile, a property list.
  package var content: [UInt8]
  /// The certificates of the `SignerInfo`s that OpenSSL can match to a certificate in the
  /// envelope, in `SignerInfo` order; empty when the signer's certificate is left out.
  package var signers: [CertificateSummary]
  /// Every certificate the envelope carries (signer and intermediates), in envelope order.
  package var certificates: [CertificateSummary]

  /// The most bytes `decode` accepts: 8 MiB, hundreds of times a real profile (tens of KiB).
  package static let maxBytes = 8 << 20

  /// Creates an envelope from its parts (for tests and callers that decoded one elsewhere).
  package init(
    content: [UInt8], signers: [CertificateSummary], certificates: [CertificateSummary]
  ) {
    self.content = content
    self.signers = signers
    self.certificates = certificates
  }

  /// Decodes a DER (or BER) `ContentInfo` holding `SignedData` with embedded content.
  ///
  /// - Parameters:
  ///   - bytes: the whole file; nothing may follow the envelope.
  ///   - path: the file's path, for errors.
  /// - Returns: the content and certificates, the signature unchecked.
  /// - Throws: `BundleError` `.malformed` (with OpenSSL's reason) when the bytes are not a CMS
  ///   envelope, are not `SignedData`, or carry no content (a detached signature);
  ///   `.limitExceeded` above `maxBytes`.
  package static func decode(_ bytes: [UInt8], path: String) throws(BundleError) -> CMSEnvelope {
    guard !bytes.isEmpty else {
      throw BundleError(.malformed, "the file is empty; expected a CMS signed envelope", path: path)
    }
    guard bytes.count <= maxBytes else {
      throw BundleError(
        .limitExceeded,
        "the file is \(bytes.count) bytes, over the \(maxBytes)-byte limit for a CMS envelope",
        path: path)
    }
    let ssl = try LibCrypto.functions(for: path)
    ssl.ERR_clear_error()
    let parsed = bytes.withUnsafeBufferPointer { buffer -> (OpaquePointer?, Int) in
      guard let base = buffer.baseAddress else { return (nil, 0) }
      var cursor: UnsafePointer<UInt8>? = base
      let cms = ssl.d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
      return (cms, cursor.map { $0 - base } ?? 0)
    }
    guard let cms = parsed.0 else {
      throw BundleError(
        .malformed, "not a CMS signed envelope (\(openSSLReason(ssl)))", path: path, offset: 0)
    }
    defer { ssl.CMS_ContentInfo_free(cms) }
    guard parsed.1 == bytes.count else {
      throw BundleError(
        .malformed, "\(bytes.count - parsed.1) bytes follow the end of the CMS envelope",
        path: path, offset: parsed.1)
    }
    guard ssl.OBJ_obj2nid(ssl.CMS_get0_type(cms)) == NID_pkcs7_signed else {
      throw BundleError(
        .malformed,
        "the CMS envelope is \(objectName(ssl, ssl.CMS_get0_type(cms))), expected signed data",
        path: path)
    }
    guard let slot = ssl.CMS_get0_content(cms), let octets = slot.pointee else {
      throw BundleError(
        .malformed, "the CMS envelope carries no content (a detached signature)", path: path)
    }
    let length = Int(ssl.ASN1_STRING_length(octets))
    var content: [UInt8] = []
    if length > 0, let data = ssl.ASN1_STRING_get0_data(octets) {
      content = Array(UnsafeBufferPointer(start: data, count: length))
    }
    let (certificates, signers) = readCertificates(ssl, cms)
    return CMSEnvelope(content: content, signers: signers, certificates: certificates)
  }

  /// Summaries of the envelope's certificates, and of those that match a `SignerInfo`.
  private static func readCertificates(
    _ ssl: co_functions, _ cms: OpaquePointer
  ) -> (all: [CertificateSummary], signers: [CertificateSummary]) {
    guard let stack = ssl.CMS_get1_certs(cms) else { return ([], []) }
    var certs: [OpaquePointer] = []
    for i in 0..<ssl.OPENSSL_sk_num(stack) {
      if let raw = ssl.OPENSSL_sk_value(stack, i) { certs.append(OpaquePointer(raw)) }
    }
    defer {
      // CMS_get1_certs took a reference on each certificate: give each back, then the stack.
      for cert in certs { ssl.X509_free(cert) }
      ssl.OPENSSL_sk_free(stack)
    }
    let all = certs.map { CertificateSummary(x509: $0, ssl) }
    var signers: [CertificateSummary] = []
    if let infos = ssl.CMS_get0_SignerInfos(cms) {
      for i in 0..<ssl.OPENSSL_sk_num(infos) {
        guard let info = ssl.OPENSSL_sk_value(infos, i) else { continue }
        if let index = certs.firstIndex(where: {
          ssl.CMS_SignerInfo_cert_cmp(OpaquePointer(info), $0) == 0
        }) {
          signers.append(all[index])
        }
      }
    }
    ssl.ERR_clear_error()
    return (all, signers)
  }
}

/// OpenSSL's reason (`ERR_error_string_n`) for the last failure on this thread (the error queue
/// is per thread), or a generic phrase when the queue is empty; the queue is cleared.
func openSSLReason(_ ssl: co_functions) -> String {
  // The first error queued is the deepest cause ("wrong tag", "too long"); the rest wrap it.
  let code = ssl.ERR_get_error()
  ssl.ERR_clear_error()
  guard code != 0 else { return "OpenSSL gave no reason" }
  var buffer = [CChar](repeating: 0, count: 256)
  ssl.ERR_error_string_n(code, &buffer, buffer.count)
  let end = buffer.firstIndex(of: 0) ?? buffer.count
  return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The short name of an ASN.1 object identifier (`pkcs7-data`), or its dotted form.
private func objectName(_ ssl: co_functions, _ object: OpaquePointer?) -> String {
  guard let object else { return "of no type" }
  let nid = ssl.OBJ_obj2nid(object)
  if nid != NID_undef, let name = ssl.OBJ_nid2sn(nid) { return String(cString: name) }
  var buffer = [CChar](repeating: 0, count: 128)
  let count = ssl.OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
  guard count > 0 else { return "of an unknown type" }
  let end = buffer.firstIndex(of: 0) ?? buffer.count
  return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
