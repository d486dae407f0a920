extension Canvas {
  /// Every run of linked cells, row by row, left to right; `width` and `height` limit the
  /// area looked at (a terminal smaller than the canvas).
  package func linkRuns(width: Int? = nil, height: Int? = nil) -> [Hyperlink.Run] {
    let columns = min(width ?? size.width, size.width)
    let rows = min(height ?? size.height, size.height)
    var runs: [Hyperlink.Run] = []
    for y in 0..<max(0, rows) {
      var current: Hyperlink.Run?
      for x in 0..<max(0, columns) {
        let cell = self[x: x, y: y]
        if let link = cell.link, let run = current, run.target == link, run.role == cell.role {
          current?.width += 1
          current?.text += cell.text
          continue
        }
        if let run = current { runs.append(run) }
        current = cell.link.map {
          Hyperlink.Run(x: x, y: y, width: 1, target: $0, text: cell.text, role: cell.role)
        }
      }
      if let run = current { runs.append(run) }
    }
    return runs
  }
}
