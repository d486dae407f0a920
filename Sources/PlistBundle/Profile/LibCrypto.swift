import COpenSSL

/// OpenSSL's libcrypto, loaded the first time a CMS envelope or certificate is read rather
/// than with the program.
///
/// `COpenSSL`'s `shim.h` loads it with `dlopen` and gives its functions under their own names
/// (`ssl.d2i_X509(…)`), so a command that reads no provisioning profile never loads it.
enum LibCrypto {
  /// libcrypto's functions, loading the library on the first call.
  ///
  /// - Parameter path: the file concerned, named in the error.
  /// - Returns: the functions.
  /// - Throws: `BundleError` `.io` when libcrypto cannot be loaded (not installed, or lacking
  ///   a function), with the loader's reason.
  static func functions(for path: String) throws(BundleError) -> co_functions {
    guard let functions = co_load() else {
      throw BundleError(.io, "cannot read CMS envelopes: \(loadError)", path: path)
    }
    return functions.pointee
  }

  /// Why libcrypto cannot be loaded, in words.
  static var loadError: String {
    "libcrypto cannot be loaded (\(String(cString: co_load_error())))"
  }
}
