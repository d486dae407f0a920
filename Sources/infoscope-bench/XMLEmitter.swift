import Foundation

/// Streams XML property-list text to a file in Apple's layout, one element per line, tab
/// indentation, escaping `&`, `<` and `>` in text; the generator's own minimal writer.
///
/// Output is buffered and flushed in chunks of about 1 MB, so generating 100 MB keeps the
/// bench's memory small (its peak leaks into the children's `ru_maxrss` on Linux).
struct XMLEmitter {
  /// Bytes produced so far, flushed or not.
  private(set) var written = 0
  /// Values written so far (containers and scalars; keys are not nodes).
  private(set) var nodes = 0
  private var buffer: [UInt8] = []
  private var depth = 0
  private let handle: FileHandle

  /// Creates (or truncates) the file at `path`.
  ///
  /// - Throws: `CocoaError` when the file cannot be created.
  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    buffer.reserveCapacity(1 << 21)
  }

  /// Appends text exactly as given.
  mutating func raw(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    written += text.utf8.count
  }

  private mutating func line(_ text: String) {
    raw(String(repeating: "\t", count: depth) + text + "\n")
  }

  /// Opens a container element (`dict` or `array`) on its own line.
  mutating func open(_ tag: String) {
    nodes += 1
    line("<\(tag)>")
    depth += 1
  }

  /// Closes the container opened last.
  mutating func close(_ tag: String) {
    depth -= 1
    line("</\(tag)>")
  }

  /// A `<key>`.
  mutating func key(_ text: String) { line("<key>\(Self.escape(text))</key>") }

  /// A `<string>`.
  mutating func string(_ text: String) {
    nodes += 1
    line("<string>\(Self.escape(text))</string>")
  }

  /// An `<integer>`.
  mutating func integer(_ value: Int64) {
    nodes += 1
    line("<integer>\(value)</integer>")
  }

  /// A `<real>` in Swift's shortest round-tripping form.
  mutating func real(_ value: Double) {
    nodes += 1
    line("<real>\(value)</real>")
  }

  /// `<true/>` or `<false/>`.
  mutating func bool(_ value: Bool) {
    nodes += 1
    line(value ? "<true/>" : "<false/>")
  }

  /// A `<date>` in UTC, `YYYY-MM-DDTHH:MM:SSZ`.
  mutating func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    nodes += 1
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    line(
      "<date>\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z</date>")
  }

  /// A `<data>` element: base64 on indented lines of at most 76 columns (tabs count 8), as
  /// Apple's writer lays it out.
  mutating func data(_ bytes: [UInt8]) {
    nodes += 1
    line("<data>")
    let encoded = Data(bytes).base64EncodedString()
    let width = max(16, 76 - 8 * depth) / 4 * 4
    var start = encoded.startIndex
    while start < encoded.endIndex {
      let end =
        encoded.index(start, offsetBy: width, limitedBy: encoded.endIndex) ?? encoded.endIndex
      line(String(encoded[start..<end]))
      start = end
    }
    line("</data>")
  }

  /// An `<array>` of `items`, each written by `body`.
  mutating func array<T>(_ items: [T], _ body: (inout XMLEmitter, T) -> Void) {
    open("array")
    for item in items { body(&self, item) }
    close("array")
  }

  /// Writes the buffer out when it holds more than about 1 MB.
  ///
  /// - Throws: file-system errors.
  mutating func flushIfNeeded() throws {
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes everything out and closes the file.
  ///
  /// - Throws: file-system errors.
  mutating func finish() throws {
    try flush()
    try handle.close()
  }

  private mutating func flush() throws {
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// `text` with `&`, `<` and `>` replaced by their entities.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }
}
