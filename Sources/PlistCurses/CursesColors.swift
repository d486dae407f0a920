import PlistUI

/// How a ``Theme`` maps onto one terminal's colours: the colour pairs to create and, for every
/// role, its pair and attributes.
///
/// Pure arithmetic, no ncurses calls, so the folding rules are testable. Pair 0 is the
/// terminal's default foreground on its default background; pairs 1… are listed in ``pairs``.
/// Colours the terminal lacks are folded: 8…15 on an 8-colour terminal become 0…7 (the
/// foreground gains bold, the usual bright form); 16…255 become the nearest colour the terminal
/// has (by RGB distance in xterm's palette). Without colours, roles keep their attributes only,
/// and a role with a background colour is drawn reversed so that it still stands out.
struct CursesColors: Equatable {
  /// A foreground and background as ncurses colour numbers; -1 is the terminal's default.
  struct Pair: Hashable {
    /// Foreground colour number, -1 for the default.
    var foreground: Int16
    /// Background colour number, -1 for the default.
    var background: Int16
  }

  /// How one role is drawn.
  struct Style: Equatable {
    /// The colour pair number (0 = default on default).
    var pair: Int16
    /// Attributes, after folding (a folded bright foreground adds bold).
    var attributes: TextAttributes
  }

  /// The pairs to create with `init_pair`; element `i` is pair `i + 1`.
  private(set) var pairs: [Pair] = []
  /// The style of every role in ``ThemeRole/allCases``.
  private(set) var styles: [ThemeRole: Style] = [:]

  /// Maps `theme` for a terminal with `colorCount` colours (0 without colour) and
  /// `pairLimit` colour pairs (`COLOR_PAIRS`, counting pair 0).
  ///
  /// `hasDefaultColors` says whether `use_default_colors()` succeeded; without it, the
  /// default foreground is white (7) and the default background black (0). Roles beyond the
  /// pair limit fall back to pair 0 and keep their attributes.
  init(theme: Theme, colorCount: Int, pairLimit: Int, hasDefaultColors: Bool) {
    var numbers: [Pair: Int16] = [:]
    for role in ThemeRole.allCases {
      let style = theme.style(role)
      var attributes = style.attributes
      guard colorCount > 0 else {
        if style.background != .default { attributes.insert(.reverse) }
        styles[role] = Style(pair: 0, attributes: attributes)
        continue
      }
      let fg = Self.fold(style.foreground, colorCount: colorCount, hasDefault: hasDefaultColors)
      let bg = Self.fold(style.background, colorCount: colorCount, hasDefault: hasDefaultColors)
      if fg.brightened { attributes.insert(.bold) }
      let pair = Pair(
        foreground: fg.number < 0 && !hasDefaultColors ? 7 : fg.number,
        background: bg.number < 0 && !hasDefaultColors ? 0 : bg.number)
      var number: Int16 = 0
      if pair != Pair(foreground: -1, background: -1) {
        if let known = numbers[pair] {
          number = known
        } else if pairs.count + 1 < pairLimit, pairs.count < Int(Int16.max) - 1 {
          pairs.append(pair)
          number = Int16(pairs.count)
          numbers[pair] = number
        }
      }
      styles[role] = Style(pair: number, attributes: attributes)
    }
  }

  /// The style for `role` (pair 0, no attributes when unknown).
  func style(_ role: ThemeRole) -> Style {
    styles[role] ?? Style(pair: 0, attributes: [])
  }

  /// A theme colour as an ncurses colour number the terminal has.
  ///
  /// - Returns: the number (-1 for the default when `hasDefault`), and whether a bright colour
  ///   (8…15) was folded onto its basic form so that bold should stand in for brightness.
  static func fold(
    _ color: ThemeColor, colorCount: Int, hasDefault: Bool
  ) -> (number: Int16, brightened: Bool) {
    guard case .index(let index) = color else { return (-1, false) }
    let value = Int(index)
    if value < colorCount { return (Int16(value), false) }
    if value < 16, colorCount >= 8 { return (Int16(value - 8), true) }
    return (Int16(nearest(to: value, among: min(colorCount, 16))), false)
  }

  /// The palette index below `count` whose xterm RGB value is closest to that of `index`.
  static func nearest(to index: Int, among count: Int) -> Int {
    guard count > 1 else { return 0 }
    let target = rgb(index)
    var best = 0
    var bestDistance = Int.max
    for candidate in 0..<count {
      let c = rgb(candidate)
      let d =
        (c.0 - target.0) * (c.0 - target.0) + (c.1 - target.1) * (c.1 - target.1)
        + (c.2 - target.2) * (c.2 - target.2)
      if d < bestDistance {
        best = candidate
        bestDistance = d
      }
    }
    return best
  }

  /// xterm's default RGB value for a palette index 0…255.
  static func rgb(_ index: Int) -> (Int, Int, Int) {
    let basic: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
      (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
      (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    if index < 16 { return basic[max(0, index)] }
    if index < 232 {
      let levels = [0, 95, 135, 175, 215, 255]
      let i = index - 16
      return (levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
    }
    let gray = 8 + 10 * (min(index, 255) - 232)
    return (gray, gray, gray)
  }
}
