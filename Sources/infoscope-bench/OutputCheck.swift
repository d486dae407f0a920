import Foundation
import PlistCore

/// Checks that a measured command really did its job: that the file it wrote is a non-empty
/// property list of the expected format, or that what it printed is not empty.
///
/// A tool can exit 0 without doing the work: libplist-utils 2.2.0's `plistutil` prints its
/// usage and exits 0 for an option it does not know (`-p`). A figure is kept only for a run
/// whose output passes these checks.
enum OutputCheck {
  /// Files up to this size (in bytes) are parsed whole; larger ones are checked from their
  /// first and last bytes, so the bench's own memory stays small.
  static let fullParseLimit = 16_000_000

  /// Why the file at `path` is not a property list written as `format`, or nil when it is.
  ///
  /// - Parameters:
  ///   - path: the file the command wrote.
  ///   - format: the format it was asked to write (`.xml`, `.binary` or `.json`).
  /// - Returns: nil for a good file; otherwise a reason in words, such as `the output is empty`.
  static func plistFile(_ path: String, as format: PlistFormat) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "no output file" }
    defer { try? handle.close() }
    let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
    guard size > 0 else { return "the output is empty" }
    if size <= fullParseLimit {
      try? handle.seek(toOffset: 0)
      guard let data = try? handle.readToEnd() else { return "the output cannot be read" }
      return plistBytes([UInt8](data), as: format)
    }
    try? handle.seek(toOffset: 0)
    let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
    try? handle.seek(toOffset: UInt64(size - 64))
    let tail = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self)
    let sniffed = head.withUnsafeBytes { PlistReader.sniff($0) }
    guard sniffed == format else { return "the output is not \(format.rawValue)" }
    switch format {
    case .xml where !tail.contains("</plist>"):
      return "the XML output does not end with </plist>"
    case .json where !(tail.trimmed.hasSuffix("}") || tail.trimmed.hasSuffix("]")):
      return "the JSON output is cut short"
    default:
      return nil
    }
  }

  /// Why `bytes` are not a whole property list in `format`, or nil when they are.
  ///
  /// - Returns: nil when they parse (with infoscope's reader, which reads XML, binary and
  ///   JSON) and are in `format`; otherwise a reason in words.
  static func plistBytes(_ bytes: [UInt8], as format: PlistFormat) -> String? {
    guard !bytes.isEmpty else { return "the output is empty" }
    let sniffed = bytes.withUnsafeBytes { PlistReader.sniff($0) }
    guard sniffed == format else {
      let start = String(decoding: bytes.prefix(40), as: UTF8.self).trimmed
      return "the output is not \(format.rawValue) (it starts \"\(start)\")"
    }
    // On a large stack: releasing a tree nested 100,000 deep takes more than the main thread's.
    return LargeStack.run { () -> String? in
      do {
        _ = try PlistReader.read(bytes: bytes)
        return nil
      } catch {
        return "the output does not parse: \((error as? PlistError)?.message ?? "\(error)")"
      }
    }
  }

  /// Why `text` (a command's standard output) is not a real answer, or nil when it is.
  ///
  /// - Parameters:
  ///   - text: what the command printed.
  ///   - expected: the exact answer (trimmed) when known, such as ours for `get`.
  ///   - containing: a string a real answer must contain, such as a key of the document.
  /// - Returns: nil when it is not empty, equals `expected` and contains `containing`.
  static func printed(
    _ text: String, expected: String? = nil, containing: String? = nil
  )
    -> String?
  {
    let answer = text.trimmed
    guard !answer.isEmpty else { return "printed nothing" }
    if let expected, answer != expected.trimmed {
      return "printed \"\(answer.prefix(40))\", not \"\(expected.trimmed.prefix(40))\""
    }
    if let containing, !text.contains(containing) {
      return "the output does not mention \(containing) (\"\(answer.prefix(40))\")"
    }
    return nil
  }
}
