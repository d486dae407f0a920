import COpenSSL
import Glibc
import PlistCore

/// What a person needs to see of an X.509 certificate: whose it is and when it is valid.
///
/// Read with OpenSSL (`d2i_X509`) from the certificates of a profile's CMS envelope and from
/// its `DeveloperCertificates` entries. Nothing is verified: the summary says what the
/// certificate claims. TN3125 explains what these certificates are
/// (https://developer.apple.com/documentation/technotes/tn3125-inside-code-signing-provisioning-profiles,
/// "The Who"), and TN3161 how Apple names them
/// (https://developer.apple.com/documentation/technotes/tn3161-inside-code-signing-certificates).
package struct CertificateSummary: Sendable, Equatable {
  /// The subject's common name (`Apple Development: Jane Appleseed (ABCDE12345)`), or nil when
  /// the subject has none or the certificate could not be read.
  package var commonName: String?
  /// The start of the validity period, in UTC.
  package var notBefore: PlistDate?
  /// The end of the validity period, in UTC.
  package var notAfter: PlistDate?
  /// Why the certificate could not be read (OpenSSL's reason), or nil when it was.
  package var problem: String?

  /// Creates a summary from its parts.
  package init(
    commonName: String?, notBefore: PlistDate?, notAfter: PlistDate?, problem: String? = nil
  ) {
    self.commonName = commonName
    self.notBefore = notBefore
    self.notAfter = notAfter
    self.problem = problem
  }

  /// Reads a DER-encoded certificate; never throws: an unreadable one gives a summary whose
  /// `problem` says why, so one bad entry does not hide the rest of a profile.
  package init(der: [UInt8]) {
    guard let ssl = co_load()?.pointee else {
      self.init(commonName: nil, notBefore: nil, notAfter: nil, problem: LibCrypto.loadError)
      return
    }
    ssl.ERR_clear_error()
    let parsed = der.withUnsafeBufferPointer { buffer -> (OpaquePointer?, Int) in
      guard let base = buffer.baseAddress else { return (nil, 0) }
      var cursor: UnsafePointer<UInt8>? = base
      let cert = ssl.d2i_X509(nil, &cursor, buffer.count)
      return (cert, cursor.map { $0 - base } ?? 0)
    }
    guard let cert = parsed.0 else {
      let reason = der.isEmpty ? "the certificate is empty" : openSSLReason(ssl)
      self.init(
        commonName: nil, notBefore: nil, notAfter: nil,
        problem: "not a DER certificate (\(reason))")
      return
    }
    defer { ssl.X509_free(cert) }
    self.init(x509: cert, ssl)
    if parsed.1 != der.count {
      problem = "\(der.count - parsed.1) bytes follow the end of the certificate"
    }
  }

  /// Reads a certificate OpenSSL already holds; the caller keeps ownership.
  init(x509 cert: OpaquePointer, _ ssl: co_functions) {
    let name = ssl.X509_get_subject_name(cert).flatMap {
      CertificateSummary.commonName(of: $0, ssl)
    }
    self.init(
      commonName: name, notBefore: CertificateSummary.date(ssl.X509_get0_notBefore(cert), ssl),
      notAfter: CertificateSummary.date(ssl.X509_get0_notAfter(cert), ssl))
    ssl.ERR_clear_error()
  }

  /// The last common-name entry of an X.509 name, as UTF-8.
  private static func commonName(of name: OpaquePointer, _ ssl: co_functions) -> String? {
    var index: Int32 = -1
    var last: Int32 = -1
    while true {
      index = ssl.X509_NAME_get_index_by_NID(name, NID_commonName, index)
      if index < 0 { break }
      last = index
    }
    guard last >= 0, let entry = ssl.X509_NAME_get_entry(name, last),
      let data = ssl.X509_NAME_ENTRY_get_data(entry)
    else { return nil }
    var out: UnsafeMutablePointer<UInt8>?
    let count = ssl.ASN1_STRING_to_UTF8(&out, data)
    guard count >= 0, let out else { return nil }
    defer { ssl.CRYPTO_free(out, #fileID, #line) }
    return String(decoding: UnsafeBufferPointer(start: out, count: Int(count)), as: UTF8.self)
  }

  /// The instant of an ASN.1 `UTCTime` or `GeneralizedTime`, or nil when it is malformed.
  private static func date(_ time: UnsafePointer<ASN1_TIME>?, _ ssl: co_functions) -> PlistDate? {
    guard let time else { return nil }
    var fields = tm()
    guard ssl.ASN1_TIME_to_tm(time, &fields) == 1 else { return nil }
    return PlistDate(
      year: Int64(fields.tm_year) + 1_900, month: Int64(fields.tm_mon) + 1,
      day: Int64(fields.tm_mday), hour: Int64(fields.tm_hour), minute: Int64(fields.tm_min),
      second: Int64(fields.tm_sec))
  }
}
