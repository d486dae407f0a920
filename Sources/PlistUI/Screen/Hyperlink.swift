/// Which text may become a clickable link (OSC 8), and the runs of linked cells on a screen.
///
/// Only Apple documentation URLs that infoscope itself produces (the rule catalog's and the key
/// catalog's) are linked, never text read from a file; a URL that is not plain printable ASCII
/// is refused, so no control character, `ESC` or BEL can reach the terminal inside the
/// sequence.
package enum Hyperlink {
  /// The only address prefix that is linked.
  package static let allowedPrefix = "https://developer.apple.com/"

  /// The longest URL linked, in bytes (terminals cap the URI; 2083 is common).
  package static let maximumLength = 2048

  /// Whether `url` may be sent as a link target: an Apple developer URL made only of printable
  /// ASCII (U+0021–U+007E), with no space, control character, `ESC` or BEL.
  package static func isLinkable(_ url: String) -> Bool {
    guard url.utf8.count <= maximumLength, url.hasPrefix(allowedPrefix) else { return false }
    return url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
  }

  /// The `id=` value that joins the pieces of one link (a link wrapped over several lines):
  /// FNV-1a of the URL in hex, so every piece of a URL gets the same one.
  package static func id(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return "is" + String(hash, radix: 16)
  }

  /// A horizontal run of cells on one row that carry the same link in the same role.
  package struct Run: Sendable, Hashable {
    /// The first column.
    package var x: Int
    /// The row.
    package var y: Int
    /// How many columns it spans (continuation cells of wide characters included).
    package var width: Int
    /// The link target.
    package var target: String
    /// The text its cells show.
    package var text: String
    /// The role its cells are drawn in.
    package var role: ThemeRole

    /// Creates a run.
    package init(x: Int, y: Int, width: Int, target: String, text: String, role: ThemeRole) {
      self.x = x
      self.y = y
      self.width = width
      self.target = target
      self.text = text
      self.role = role
    }
  }
}
