import CZip

/// libzip, loaded the first time an archive is opened rather than with the program.
///
/// `CZip`'s `shim.h` loads it with `dlopen` and gives its functions under their own names
/// (`zip.zip_open(…)`), so a command that reads no archive never loads libzip or the libcrypto
/// behind it.
enum LibZip {
  /// libzip's functions, loading the library on the first call.
  ///
  /// - Parameter path: the archive concerned, named in the error.
  /// - Returns: the functions.
  /// - Throws: `BundleError` `.io` when libzip cannot be loaded (not installed, or lacking a
  ///   function), with the loader's reason.
  static func functions(for path: String) throws(BundleError) -> cz_functions {
    guard let functions = cz_load() else {
      throw BundleError(
        .io,
        "cannot read ZIP archives: libzip cannot be loaded (\(String(cString: cz_load_error())))",
        path: path)
    }
    return functions.pointee
  }

  /// libzip's message for `error`, or a generic phrase when it gives none.
  static func message(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? "libzip gave no reason"
  }
}
