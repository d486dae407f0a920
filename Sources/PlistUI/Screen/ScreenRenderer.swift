/// Draws a whole frame of the inspector from its state.
package enum ScreenRenderer {
  /// The frame for `state` at its size.
  package static func render(_ state: AppState) -> Canvas {
    var canvas = Canvas(size: state.size)
    let layout = state.layout
    if layout.isTooSmall {
      let text =
        state.size.width >= 36
        ? "terminal too small: \(state.size), needs \(Layout.minimum)"
        : "too small: needs \(Layout.minimum)"
      let y = max(0, state.size.height / 2)
      let x = max(0, (state.size.width - TextWidth.of(text)) / 2)
      canvas.put(text, x: x, y: y, role: .statusError)
      return canvas
    }
    TitleBar.draw(state, in: layout.title, on: &canvas)
    if !layout.zoomed { TreePane.draw(state, in: layout.tree, on: &canvas) }
    if let separator = layout.separator {
      for y in separator.y..<separator.maxY {
        canvas.put("│", x: separator.x, y: y, role: .border)
      }
    }
    if let rect = layout.detail { DetailPane.draw(state, in: rect, on: &canvas) }
    if let rect = layout.findings { FindingsPane.draw(state, in: rect, on: &canvas) }
    StatusLine.draw(state, in: layout.status, on: &canvas)
    if state.helpScroll != nil { HelpPane.draw(state, on: &canvas) }
    ModalPane.draw(state, layout: layout, on: &canvas)
    return canvas
  }
}
