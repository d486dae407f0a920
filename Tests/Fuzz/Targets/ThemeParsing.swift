// fuzz-modules: PlistCore
// fuzz-sources: Sources/PlistUI/Theme
// fuzz-seeds:
// fuzz-builtin: theme
// libFuzzer entry point: parses the input as a theme file; errors are expected, traps are bugs.

/// Feeds one fuzzer input to ``ThemeParser``, ignoring the theme or error it gives.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let theme = try? ThemeParser.parse(bytes, file: "fuzz.theme") {
    // What the parser accepts must read back the same after writing.
    if (try? ThemeParser.parse(theme.fileText())) != theme {
      fatalError("a parsed theme did not read back equal after writing")
    }
  }
  return 0
}
