// fuzz-modules: PlistCore
// fuzz-sources: Sources/PlistEditing
// fuzz-seeds:
// fuzz-builtin: values
// libFuzzer entry point: the editor's value parsing, type conversion and diff. Refusals are
// expected; a value that parses must read back equal from the editor's text, and traps are bugs.
import PlistCore

/// Parses the input as typed text of every scalar kind, converts what parses to every other
/// kind, and diffs the input's two halves.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let kinds: [PlistKind] = [.string, .integer, .real, .boolean, .date, .data]
  for kind in kinds {
    guard let value = try? ValueParser.parse(text, as: kind) else { continue }
    let again = try? ValueParser.parse(ValueParser.text(for: value), as: kind)
    if again != value {
      fatalError("\(kind) \(value) did not read back from its editor text")
    }
    for other in kinds { _ = try? ValueParser.convert(value, to: other) }
  }
  let half = bytes.count / 2
  _ = UnifiedDiff.make(
    old: Array(bytes[..<half]), new: Array(bytes[half...]), oldName: "a", newName: "b")
  return 0
}
