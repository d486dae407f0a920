/// One thing the user did, as the terminal reports it.
package enum InputEvent: Sendable, Hashable {
  /// A key press.
  case key(Key)
  /// A mouse click or wheel turn.
  case mouse(MouseEvent)
  /// The terminal changed size (SIGWINCH).
  case resize(Size)
  /// Text pasted as one block (bracketed paste), sanitised by the reader of the event.
  case paste(String)
}

/// A key press, decoded from the bytes a terminal sends.
package enum Key: Sendable, Hashable, CustomStringConvertible {
  /// A printable character, including space.
  case character(Character)
  /// Ctrl with a letter (`control("d")` is Ctrl-D), lower case.
  case control(Character)
  /// Alt (Meta) with a character.
  case alt(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown
  case enter, tab, backTab, escape, backspace, delete, insert
  /// F1 … F12.
  case function(Int)

  /// The name used in key tables and help: `j`, `Space`, `Ctrl-D`, `Shift-Tab`, `Up`, `F1`.
  package var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let c): String(c)
    case .control(let c): "Ctrl-\(c.uppercased())"
    case .alt(let c): "Alt-\(c)"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .insert: "Insert"
    case .function(let n): "F\(n)"
    }
  }

  /// Parses a key name as ``description`` prints it (`Ctrl-D`, `Space`, `j`, `PgDn`); `nil` for
  /// a name that is not a key.
  package init?(name: String) {
    let named: [String: Key] = [
      "Space": .character(" "), "Up": .up, "Down": .down, "Left": .left, "Right": .right,
      "Home": .home, "End": .end, "PgUp": .pageUp, "PgDn": .pageDown, "Enter": .enter,
      "Tab": .tab, "Shift-Tab": .backTab, "Esc": .escape, "Backspace": .backspace,
      "Delete": .delete, "Insert": .insert,
    ]
    if let key = named[name] {
      self = key
    } else if name.hasPrefix("Ctrl-"), name.count == 6, let c = name.last {
      self = .control(Character(c.lowercased()))
    } else if name.hasPrefix("Alt-"), name.count == 5, let c = name.last {
      self = .alt(c)
    } else if name.hasPrefix("F"), name.count > 1, let n = Int(name.dropFirst()),
      (1...12).contains(n)
    {
      self = .function(n)
    } else if name.count == 1, let c = name.first {
      self = .character(c)
    } else {
      return nil
    }
  }
}

/// A mouse event at a cell (0-based column and row).
package struct MouseEvent: Sendable, Hashable {
  /// What happened.
  package enum Kind: Sendable, Hashable {
    /// A left click.
    case click
    /// A double click.
    case doubleClick
    /// A right click.
    case rightClick
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What happened.
  package var kind: Kind
  /// Column, 0-based.
  package var x: Int
  /// Row, 0-based.
  package var y: Int

  /// Creates an event.
  package init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}
