import PlistCore

/// Options of `get`.
package struct GetOptions: Sendable, Equatable {
  /// How `get` prints the value.
  package enum Format: String, Sendable, CaseIterable {
    /// `plutil -extract KEYPATH raw`'s conventions: scalars as plain text, a dictionary's keys
    /// one per line, an array's count.
    case raw
    /// The subtree as an XML property list.
    case xml
    /// The subtree as JSON.
    case json
  }

  /// The file to read; `-` for standard input; or a bundle, archive or project.
  package var input: String
  /// The node to print.
  package var keyPath: KeyPath
  /// How to print it.
  package var format: Format = .raw
  /// The file inside a bundle, archive or project (`--file REL`, as `files` lists it).
  package var file: String? = nil
}

/// Options of `set`, `remove` and `rename`.
package struct EditOptions: Sendable, Equatable {
  /// The change to make.
  package enum Action: Sendable, Equatable {
    /// `set FILE KEYPATH VALUE [--type TYPE]`: `value` is nil only for an empty container
    /// (`--type array` or `--type dictionary` with no VALUE); `type` is nil when not given.
    case set(KeyPath, value: String?, type: PlistKind?)
    /// `remove FILE KEYPATH`.
    case remove(KeyPath)
    /// `rename FILE KEYPATH NEWKEY`.
    case rename(KeyPath, to: String)
  }

  /// The file to change; `-` reads standard input and writes the result to standard output.
  package var input: String
  /// The change.
  package var action: Action
  /// Print the unified diff instead of writing (`--dry-run`).
  package var dryRun: Bool = false
  /// The format to write (`--format xml|binary`): `.xml` or `.binary`; nil keeps the file's own.
  package var format: PlistFormat? = nil
  /// Replace a file nobody may write (mode 0444) rather than refuse it (`--force`).
  package var force = false

  /// The subcommand that makes this action.
  package var subcommand: Subcommand {
    switch action {
    case .set: .set
    case .remove: .remove
    case .rename: .rename
    }
  }
}

extension Arguments {
  /// `get PATH [--file REL] KEYPATH [--format raw|xml|json]`.
  static func parseGet(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let operands = line.operands
    guard operands.count >= 2 else {
      throw line.error(operands.isEmpty ? "get needs a FILE and a KEYPATH" : "get needs a KEYPATH")
    }
    if operands.count > 2 { throw line.error("unexpected argument '\(operands[2])'") }
    return .get(
      GetOptions(
        input: operands[0], keyPath: try parseKeyPath(operands[1], line),
        format: line.value(.getFormat, as: GetOptions.Format.self) ?? .raw,
        file: line.value(.file)))
  }

  /// `set FILE KEYPATH [VALUE] [--type T]`, `remove FILE KEYPATH`, `rename FILE KEYPATH NEWKEY`,
  /// each with `[--dry-run] [--force] [--format xml|binary]`.
  static func parseEdit(_ line: ParsedCommandLine) throws(UsageError) -> CLICommand {
    let subcommand = line.subcommand ?? .set
    let operands = line.operands
    let type = line.value(.valueType, as: PlistKind.self)
    let names: [String]
    switch subcommand {
    case .set: names = ["a FILE", "a KEYPATH", "a VALUE"]
    case .rename: names = ["a FILE", "a KEYPATH", "a NEWKEY"]
    default: names = ["a FILE", "a KEYPATH"]
    }
    let containerType = type == .array || type == .dictionary
    // `set FILE KEYPATH --type array` needs no VALUE.
    let required = subcommand == .set && containerType ? 2 : names.count
    guard operands.count >= required else {
      throw line.error("\(subcommand.rawValue) needs \(names[operands.count])")
    }
    if operands.count > names.count {
      throw line.error("unexpected argument '\(operands[names.count])'")
    }
    let keyPath = try parseKeyPath(operands[1], line)
    let action: EditOptions.Action
    switch subcommand {
    case .set:
      let value = operands.count > 2 ? operands[2] : nil
      if containerType, let type, let value, !value.isEmpty {
        throw line.error(
          "--type \(type.rawValue) makes an empty \(type.rawValue); give no VALUE, then set its "
            + "items one by one")
      }
      action = .set(keyPath, value: containerType ? nil : value, type: type)
    case .rename:
      action = .rename(keyPath, to: operands[2])
    default:
      action = .remove(keyPath)
    }
    var options = EditOptions(
      input: operands[0], action: action, dryRun: line.has(.dryRun),
      format: line.value(.writeFormat, as: PlistFormat.self))
    options.force = line.has(.force)
    return .edit(options)
  }
}
