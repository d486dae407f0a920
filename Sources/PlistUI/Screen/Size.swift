/// A terminal size in character cells.
package struct Size: Sendable, Hashable, CustomStringConvertible {
  /// Columns.
  package var width: Int
  /// Rows.
  package var height: Int

  /// Creates a size; negative values are taken as 0.
  package init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// `80x24`.
  package var description: String { "\(width)x\(height)" }
}
