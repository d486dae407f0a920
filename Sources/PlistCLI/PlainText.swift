/// The small Markdown of rule rationales, as plain terminal text.
///
/// Rationales use paragraphs, `- ` list items, `` `code` ``, `**strong**` and `*emphasis*`.
/// Plain text drops the markers (code spans keep their text, strong text keeps its words) and
/// re-wraps each paragraph and list item at `width` columns, indented by `indent` spaces, list
/// items with a hanging indent.
enum PlainText {
  /// `markdown` as wrapped plain text, ending in a newline (empty for empty input).
  ///
  /// - Parameters:
  ///   - markdown: the text, with paragraphs separated by blank lines.
  ///   - width: the column limit, indentation included (at least 20 is used).
  ///   - indent: spaces before every line.
  /// - Returns: the text without Markdown markers, wrapped.
  static func render(_ markdown: String, width: Int = 78, indent: Int = 2) -> String {
    var blocks: [(bullet: Bool, words: [String])] = []
    var current: (bullet: Bool, words: [String])?
    func flush() {
      if let block = current, !block.words.isEmpty { blocks.append(block) }
      current = nil
    }
    for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.trimmingSpaces()
      if line.isEmpty {
        flush()
        continue
      }
      if line.hasPrefix("- ") {
        flush()
        current = (true, words(String(line.dropFirst(2))))
      } else if current == nil {
        current = (false, words(line))
      } else {
        current?.words += words(line)
      }
    }
    flush()
    let margin = String(repeating: " ", count: indent)
    let limit = max(20, width)
    var out: [String] = []
    for (index, block) in blocks.enumerated() {
      if index > 0, !(block.bullet && blocks[index - 1].bullet) { out.append("") }
      let first = margin + (block.bullet ? "- " : "")
      let rest = margin + (block.bullet ? "  " : "")
      var line = first
      var lineHasWord = false
      for word in block.words {
        if lineHasWord, line.count + 1 + word.count > limit {
          out.append(line)
          line = rest
          lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
      }
      out.append(line)
    }
    return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
  }

  /// The words of `text` with Markdown markers removed.
  private static func words(_ text: String) -> [String] {
    let plain = stripMarkers(text)
    return plain.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
  }

  /// `text` without backticks, `**` and single `*` emphasis markers.
  static func stripMarkers(_ text: String) -> String {
    var out = ""
    var inCode = false
    var characters = Array(text)[...]
    while let c = characters.popFirst() {
      if c == "`" {
        inCode.toggle()
      } else if c == "*", !inCode {
        // `**` or a single `*` that opens or closes emphasis: drop it. A lone `*` between
        // spaces (a wildcard such as `*.example.com` is inside code) stays.
        if characters.first == "*" { characters.removeFirst() }
        if characters.first == " " && (out.last == " " || out.isEmpty) { out.append(c) }
      } else {
        out.append(c)
      }
    }
    return out
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> String {
    let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
    let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
    return start < end ? String(self[start..<end]) : ""
  }
}
