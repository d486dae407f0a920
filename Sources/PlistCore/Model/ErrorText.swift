/// Input quoted in an error message, cut to a length a person can read.
///
/// A name or value from the input can be any length (a 100,000-character element name); an
/// error echoes at most ``maxCharacters`` characters of it and an ellipsis. Control and
/// invisible characters are made visible where the message is printed (the output layer's
/// escaping), not here.
package enum ErrorText {
  /// The most characters of input an error message quotes.
  package static let maxCharacters = 80

  /// `text` cut to ``maxCharacters`` characters, with `…` after a cut.
  package static func cut(_ text: String) -> String {
    var end = text.startIndex
    var count = 0
    while end < text.endIndex, count < maxCharacters {
      end = text.index(after: end)
      count += 1
    }
    return end < text.endIndex ? text[..<end] + "…" : text
  }

  /// The UTF-8 `bytes` decoded and cut as ``cut(_:)`` cuts, in double quotes; only the first
  /// bytes are ever decoded.
  package static func quoted(_ bytes: some Collection<UInt8>) -> String {
    let limit = maxCharacters * 4
    let head = String(decoding: bytes.prefix(limit), as: UTF8.self)
    let shown = cut(head)
    return "\"" + (shown == head && bytes.count > limit ? head + "…" : shown) + "\""
  }
}
