/// Whether to send OSC 8 hyperlinks, decided from the environment alone (no query is sent to
/// the terminal, so nothing can arrive as stray input).
///
/// In order:
/// 1. `INFOSCOPE_HYPERLINKS=1` (or `yes`, `on`, `true`) turns links on and `0` (`no`, `off`,
///    `false`) turns them off, whatever the terminal;
/// 2. off for `TERM` unset, `dumb` or `linux` (the Linux console knows only its own OSC
///    sequences and would print the rest as text);
/// 3. inside tmux (`TMUX`, or `TERM_PROGRAM=tmux`): on from tmux 3.4 (`TERM_PROGRAM_VERSION`),
///    which keeps links and passes them on where its `terminal-features` include `hyperlinks`;
///    off before, as the outer terminal's variables (inherited by the shell in tmux) say
///    nothing of tmux itself;
/// 4. off inside GNU screen (`STY`, or a `screen` `TERM` outside tmux), which does not pass
///    them on;
/// 5. on for a `TERM` of a terminal known to show them (kitty, Ghostty, WezTerm, foot,
///    Alacritty, Contour), a `TERM_PROGRAM` of one (iTerm2 3.1+, WezTerm, VS Code 1.72+,
///    Ghostty, mintty), VTE 0.52+ (`VTE_VERSION`, GNOME Terminal, Tilix, …), Windows Terminal
///    (`WT_SESSION`), kitty (`KITTY_WINDOW_ID`), or `COLORTERM=truecolor|24bit` (a terminal
///    of today, which ignores an OSC sequence it does not know);
/// 6. off otherwise.
///
/// A terminal that does not know OSC 8 but parses OSC ignores it: the text is drawn either way.
package enum HyperlinkSupport {
  /// `TERM` values of terminals that show OSC 8 links.
  static let terminals: Set<String> = [
    "xterm-kitty", "xterm-ghostty", "ghostty", "wezterm", "foot", "foot-extra", "alacritty",
    "alacritty-direct", "contour", "contour-latest",
  ]

  /// `TERM_PROGRAM` values of terminals that show OSC 8 links, with the first version that
  /// does (empty: any).
  static let programs: [String: [Int]] = [
    "iTerm.app": [3, 1], "WezTerm": [], "vscode": [1, 72], "ghostty": [], "mintty": [2, 9, 6],
  ]

  /// Whether links are sent, from `environment` (the process's in use).
  package static func isEnabled(environment: [String: String]) -> Bool {
    if let forced = environment["INFOSCOPE_HYPERLINKS"].flatMap(Self.flag) { return forced }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("linux-") {
      return false
    }
    if environment["TMUX"] != nil || environment["TERM_PROGRAM"] == "tmux" {
      guard environment["TERM_PROGRAM"] == "tmux",
        let version = environment["TERM_PROGRAM_VERSION"]
      else { return false }
      return Self.version(version, atLeast: [3, 4])
    }
    if environment["STY"] != nil || term.hasPrefix("screen") { return false }
    if Self.terminals.contains(term) { return true }
    if let program = environment["TERM_PROGRAM"], let minimum = Self.programs[program] {
      return Self.version(environment["TERM_PROGRAM_VERSION"] ?? "", atLeast: minimum)
    }
    if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5200 { return true }
    if environment["WT_SESSION"] != nil || environment["KITTY_WINDOW_ID"] != nil { return true }
    if let colorterm = environment["COLORTERM"]?.lowercased(),
      colorterm == "truecolor" || colorterm == "24bit"
    {
      return true
    }
    return false
  }

  /// `1`, `yes`, `on`, `true` as true; `0`, `no`, `off`, `false` as false; else `nil`.
  static func flag(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "1", "yes", "on", "true": true
    case "0", "no", "off", "false": false
    default: nil
    }
  }

  /// Whether a dotted version (`3.4`, `3.3a`, `1.72.0`, `next-3.5`) is at least `minimum`;
  /// an empty minimum accepts anything, an unreadable version nothing else.
  static func version(_ text: String, atLeast minimum: [Int]) -> Bool {
    guard !minimum.isEmpty else { return true }
    let start = text.firstIndex(where: \.isNumber) ?? text.endIndex
    var numbers: [Int] = []
    for part in text[start...].split(separator: ".") {
      let digits = part.prefix(while: \.isNumber)
      guard let n = Int(digits) else { break }
      numbers.append(n)
      if digits.count != part.count { break }
    }
    guard !numbers.isEmpty else { return false }
    for (n, wanted) in minimum.enumerated() {
      let have = n < numbers.count ? numbers[n] : 0
      if have != wanted { return have > wanted }
    }
    return true
  }
}
