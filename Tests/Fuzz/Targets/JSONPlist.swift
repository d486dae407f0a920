// fuzz-modules: PlistCore
// fuzz-seeds: appiconset/*.json
// fuzz-builtin: json json-plist
import PlistCore

/// The JSON reader on raw bytes taken as UTF-8 text, and a round trip through our writer.
///
/// Whatever the reader makes (strings, integers, finite reals, booleans, containers with
/// duplicate keys in order) has an exact JSON form, so it must survive `JSONPlistWriter`,
/// compact and pretty, and read back equal; a difference traps, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? JSONPlistReader.read(text: bytes, encoding: .utf8) else { return 0 }
  for pretty in [false, true] {
    guard let written = try? JSONPlistWriter.write(document.root, pretty: pretty) else {
      fatalError("the JSON writer refused a tree the JSON reader made")
    }
    guard let back = try? JSONPlistReader.read(text: written, encoding: .utf8) else {
      fatalError("the JSON reader refused what the JSON writer wrote")
    }
    if back.root != document.root { fatalError("JSON round trip changed the tree") }
  }
  return 0
}
