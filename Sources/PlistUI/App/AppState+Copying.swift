import Foundation
import PlistCore
import PlistEditing
import PlistRules

/// Copying: the `y` family (key path, key, value, PlistBuddy path, a plutil command) to the
/// clipboard, each refused with its reason when it cannot be copied.
extension AppState {
  /// The `y` family: copies the selected row's key path, key, value, PlistBuddy path or a
  /// `plutil -replace` command; refuses what a shell or terminal would act on when pasted.
  mutating func copy(_ command: Command) -> [Effect] {
    guard let selection else { return [] }
    guard case .node(let file, _) = selection else {
      message = StatusMessage("select a key to copy its path", isError: true)
      return []
    }
    let path = session.keyPath(selection)
    let ours = path.isRoot ? "(root)" : path.description
    let plutil = path.plutilEscapedKeyPath ?? "(not expressible)"
    let buddy = path.plistBuddyPath ?? "(not expressible)"
    var text: String
    var said: String
    var allowsLines = false
    switch command {
    case .copyPlistBuddyPath:
      guard let buddy = path.plistBuddyPath else {
        message = StatusMessage(
          "not copied: PlistBuddy cannot address a key that holds ':'", isError: true)
        return []
      }
      text = buddy
      said = "copied \(buddy)"
    case .copyKey:
      guard let key = session.key(selection) else {
        message = StatusMessage("this row has no key: yp copies its path", isError: true)
        return []
      }
      text = key
      said = "copied the key \(key)"
    case .copyValue:
      guard let node = session.node(selection) else { return [] }
      if node.value.kind.isContainer {
        guard let xml = try? XMLPlistWriter.write(node) else {
          message = StatusMessage("this value cannot be written as XML", isError: true)
          return []
        }
        text = String(decoding: xml, as: UTF8.self)
        allowsLines = true
        said = "copied \(ours) as an XML property list (\(xml.count) bytes)"
      } else {
        text = ValueParser.text(for: node.value)
        said = "copied the value of \(ours)"
      }
    case .copyPlutilCommand:
      guard let command = plutilCommand(file: file, path: path, item: selection) else {
        return []
      }
      text = command
      said = "copied: \(command)"
    default:
      text = ours
      said = "copied \(ours) · plutil \(plutil) · PlistBuddy \(buddy)"
    }
    let what =
      switch command {
      case .copyKey: "the key"
      case .copyValue: "the value"
      case .copyPlutilCommand: "the command"
      case .copyPlistBuddyPath: "the PlistBuddy path"
      default: "the path"
      }
    if let refusal = Self.copyRefusal(text, allowingLines: allowsLines, what: what) {
      message = StatusMessage(refusal, isError: true)
      return []
    }
    message = StatusMessage(said)
    return [.copy(text)]
  }

  /// `plutil -replace KEYPATH -TYPE VALUE FILE` for the selected scalar, quoted for a POSIX
  /// shell, or nil (with the reason on the status line) when plutil cannot set it.
  private mutating func plutilCommand(file: Int, path: KeyPath, item: OutlineItem) -> String? {
    func refuse(_ text: String) -> String? {
      message = StatusMessage(text, isError: true)
      return nil
    }
    guard !path.isRoot, let node = session.node(item) else {
      return refuse("select a key or an item: plutil -replace sets one value")
    }
    if let blocker = session.editBlocker(file) { return refuse("no plutil command: " + blocker) }
    guard let keyPath = path.plutilEscapedKeyPath else {
      return refuse("plutil cannot address \(path): a key holds a backslash before a dot")
    }
    let target: String
    switch session.saveTarget(file) {
    case .disk(let path): target = path
    case .archive: return refuse("the file is inside an .ipa, which plutil cannot edit")
    case .unavailable(let reason): return refuse("plutil cannot edit this file: \(reason)")
    }
    let typed: String
    switch node.value {
    case .string(let s): typed = "-string " + Self.shellQuoted(s)
    case .integer: typed = "-integer " + ValueParser.text(for: node.value)
    case .real: typed = "-float " + ValueParser.text(for: node.value)
    case .boolean(let b): typed = "-bool " + (b ? "YES" : "NO")
    case .date: typed = "-date " + Self.shellQuoted(ValueParser.text(for: node.value))
    case .data(let bytes): typed = "-data " + Self.shellQuoted(Data(bytes).base64EncodedString())
    case .array, .dictionary:
      guard let xml = try? XMLPlistWriter.write(node) else {
        return refuse("this value cannot be written as XML")
      }
      // The fragment inside <plist>, on one line, as plutil -replace -xml takes it.
      typed = "-xml " + Self.shellQuoted(Self.fragment(xml))
    case .uid:
      return refuse("plutil cannot write a UID")
    }
    let (quotedPath, quotedFile) = (Self.shellQuoted(keyPath), Self.shellQuoted(target))
    if case .index = path.components.last {
      // The toolchain's plutil inserts with -replace at an array index: remove, then insert.
      return "plutil -remove \(quotedPath) \(quotedFile) && "
        + "plutil -insert \(quotedPath) \(typed) \(quotedFile)"
    }
    return "plutil -replace \(quotedPath) \(typed) \(quotedFile)"
  }

  /// The element inside `<plist>…</plist>` of a canonical XML property list, its lines joined.
  private static func fragment(_ xml: [UInt8]) -> String {
    let text = String(decoding: xml, as: UTF8.self)
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let body = lines.drop { !$0.hasPrefix("<plist") }.dropFirst().prefix { $0 != "</plist>" }
    return body.joined()
  }

  /// `text` in single quotes for a POSIX shell (a `'` inside becomes `'\''`); plain words
  /// of letters, digits and `._-/:@+,=` stay bare.
  static func shellQuoted(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "._-/:@+,=".unicodeScalars.contains($0))
      }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// Why `text` is not put on the clipboard, or nil when it may be.
  ///
  /// Text with a control character (C0, DEL, C1) or an invisible format character (such as a
  /// bidirectional override) is refused: pasted into a shell, a key holding `ESC [201~` and a
  /// newline ends a bracketed paste and runs what follows, and an override shows one thing
  /// while pasting another. `what` names the text in the message (`the path`, `the value`).
  static func copyRefusal(
    _ text: String, allowingLines: Bool = false, what: String = "the path"
  ) -> String? {
    guard
      let bad = text.unicodeScalars.first(where: {
        if allowingLines, $0 == "\n" || $0 == "\t" { return false }
        return $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          || $0.properties.generalCategory == .format
      })
    else { return nil }
    let code = String(bad.value, radix: 16, uppercase: true)
    return
      "not copied: \(what) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), "
      + "a control or invisible character that a shell or terminal would act on when pasted"
  }
}
