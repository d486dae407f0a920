import PlistCore
import PlistEditing
import PlistRules

extension EditCommand {
  /// The edit that `action` makes to `root`, or nil when it would change nothing (a value set
  /// to what it already is).
  ///
  /// `set` on an existing node parses VALUE as the node's type unless `--type` gives one (a
  /// container is replaced only with `--type`). A missing last key is added to its dictionary,
  /// typed by `--type`, else by the catalog's first type for the key (a scalar one when VALUE is
  /// not empty), else as a string. An array index equal to the array's count appends an item,
  /// typed by `--type`, else as the array's items are when they share one type, else as a
  /// string.
  ///
  /// - Throws: ``Failure`` with status 1: the key path (or the parent of a new key) names
  ///   nothing, VALUE is not a value of the type, or the root is to be removed or renamed.
  static func plan(
    _ action: EditOptions.Action, root: PlistNode, name: String
  ) throws(Failure)
    -> Edit?
  {
    func refuse(_ message: String) -> Failure {
      Failure(status: .findings, line: "\(name): error: \(message)")
    }
    func resolve(_ edit: KeyPathEdit) throws(Failure) -> Edit {
      do {
        return try edit.edit(in: root)
      } catch {
        throw refuse(error.message)
      }
    }
    switch action {
    case .remove(let keyPath), .rename(let keyPath, _):
      if !keyPath.isRoot, root.node(at: keyPath) == nil {
        let why = root.explainMissing(keyPath) ?? "it names nothing"
        throw refuse("nothing at key path '\(keyPath)': \(why)")
      }
      if case .rename(_, let newKey) = action { return try resolve(.rename(keyPath, to: newKey)) }
      return try resolve(.remove(keyPath))

    case .set(let keyPath, let text, let type):
      if let existing = root.node(at: keyPath) {
        let kind = type ?? existing.value.kind
        if type == nil, existing.value.kind.isContainer {
          throw refuse(
            "cannot set '\(keyPath)': it is \(kind.article); set its items by key path, or give "
              + "--type to replace it")
        }
        let value = try makeValue(
          text, kind: kind, keyPath: keyPath,
          typedBy: type == nil ? "it is \(kind.article) now" : nil, name: name)
        if value == existing.value { return nil }
        return try resolve(.set(keyPath, value))
      }
      guard let parentPath = keyPath.parent, let parent = root.node(at: parentPath) else {
        let why = root.explainMissing(keyPath) ?? "it names nothing"
        throw refuse(
          "cannot set '\(keyPath)': \(why); set adds only the last key of a key path, to a "
            + "dictionary that exists")
      }
      switch (keyPath.components.last, parent.value) {
      case (.key(let key)?, .dictionary):
        var kind = type ?? .string
        var typedBy: String?
        if type == nil, let catalog = catalogKind(key, text: text ?? "") {
          kind = catalog
          typedBy = "Apple documents \(key) as \(kind.article)"
        }
        let value = try makeValue(text, kind: kind, keyPath: keyPath, typedBy: typedBy, name: name)
        return try resolve(.set(keyPath, value))
      case (.index(let index)?, .array(let items)) where index == items.count:
        let kind = type ?? commonKind(items) ?? .string
        let value = try makeValue(text, kind: kind, keyPath: keyPath, typedBy: nil, name: name)
        guard let parentIndices = root.indexPath(of: parentPath) else {
          throw refuse("nothing at key path '\(parentPath)'")
        }
        return .insert(
          parent: parentIndices, index: index, key: nil, node: PlistNode(value), keyLocation: .none)
      case (_, .array(let items)):
        let why = root.explainMissing(keyPath) ?? "it names nothing"
        throw refuse("cannot set '\(keyPath)': \(why); [\(items.count)] appends an item")
      default:
        let why = root.explainMissing(keyPath) ?? "it names nothing"
        throw refuse("cannot set '\(keyPath)': \(why)")
      }
    }
  }

  /// The value of VALUE as `kind`: an empty container for `array` and `dictionary` with no or
  /// an empty VALUE; otherwise `ValueParser`'s reading.
  ///
  /// - Parameters:
  ///   - text: VALUE, nil when none was given.
  ///   - kind: the type to read it as.
  ///   - keyPath: where it goes, for the message.
  ///   - typedBy: why `kind` was chosen when `--type` did not choose it, added to a refusal so
  ///     the user knows to give `--type`.
  ///   - name: the file's name, for the message.
  /// - Returns: the value.
  /// - Throws: ``Failure`` with status 1 and `ValueParser`'s reason.
  private static func makeValue(
    _ text: String?, kind: PlistKind, keyPath: KeyPath, typedBy: String?, name: String
  ) throws(Failure) -> PlistValue {
    let hint = typedBy.map { "; \($0): give --type to store another type" } ?? ""
    switch kind {
    case .array, .dictionary:
      guard text?.isEmpty ?? true else {
        throw Failure(
          status: .findings,
          line: "\(name): error: cannot set '\(keyPath)': \(kind.article) is not typed as text; "
            + "set it to \"\" to make it empty, then set its items by key path" + hint)
      }
      return kind == .array ? .array([]) : .dictionary(PlistDictionary())
    default:
      do {
        return try ValueParser.parse(text ?? "", as: kind)
      } catch {
        throw Failure(
          status: .findings,
          line: "\(name): error: cannot set '\(keyPath)': \(error.message)\(hint)")
      }
    }
  }

  /// The catalog's type for a new `key`: its first documented type, or its first scalar type
  /// when `text` is not empty and the first is a container; nil for a key not in the catalog.
  static func catalogKind(_ key: String, text: String) -> PlistKind? {
    guard let types = KnownKeys.entry(resolving: key)?.types, let first = types.first else {
      return nil
    }
    if first.isContainer, !text.isEmpty, let scalar = types.first(where: { !$0.isContainer }) {
      return scalar
    }
    return first
  }

  /// The type all of `items` share, or nil when they are none or of several types.
  private static func commonKind(_ items: [PlistNode]) -> PlistKind? {
    guard let first = items.first?.value.kind,
      items.allSatisfy({ $0.value.kind == first }), !first.isContainer
    else { return nil }
    return first
  }
}
