/// A rectangle of cells: origin at the top-left, `x` to the right, `y` down, both 0-based.
package struct Rect: Sendable, Hashable {
  /// Left column.
  package var x: Int
  /// Top row.
  package var y: Int
  /// Columns.
  package var width: Int
  /// Rows.
  package var height: Int

  /// Creates a rectangle; negative sizes are taken as 0.
  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The rectangle covering a whole screen of `size`.
  package init(_ size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

  /// Whether it holds no cell.
  package var isEmpty: Bool { width == 0 || height == 0 }
  /// One past the right column.
  package var maxX: Int { x + width }
  /// One past the bottom row.
  package var maxY: Int { y + height }

  /// Whether the cell at (`px`, `py`) lies inside.
  package func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  /// The top `rows` rows (all of them when `rows` exceeds the height).
  package func top(_ rows: Int) -> Rect {
    Rect(x: x, y: y, width: width, height: min(max(0, rows), height))
  }

  /// What remains below the top `rows` rows.
  package func droppingTop(_ rows: Int) -> Rect {
    let r = min(max(0, rows), height)
    return Rect(x: x, y: y + r, width: width, height: height - r)
  }

  /// The bottom `rows` rows.
  package func bottom(_ rows: Int) -> Rect {
    let r = min(max(0, rows), height)
    return Rect(x: x, y: maxY - r, width: width, height: r)
  }

  /// What remains above the bottom `rows` rows.
  package func droppingBottom(_ rows: Int) -> Rect {
    Rect(x: x, y: y, width: width, height: height - min(max(0, rows), height))
  }

  /// The left `columns` columns.
  package func left(_ columns: Int) -> Rect {
    Rect(x: x, y: y, width: min(max(0, columns), width), height: height)
  }

  /// What remains right of the left `columns` columns.
  package func droppingLeft(_ columns: Int) -> Rect {
    let c = min(max(0, columns), width)
    return Rect(x: x + c, y: y, width: width - c, height: height)
  }

  /// The rectangle shrunk by `n` cells on every side.
  package func inset(by n: Int) -> Rect {
    Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n)
  }
}
