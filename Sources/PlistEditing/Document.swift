import PlistCore

/// One property-list file being edited: the tree as read, the tree now, and the undo history
/// between them.
///
/// Every change goes through ``perform(_:_:)`` as a named step of ``Edit``s; undo and redo move
/// whole steps. Undoing every step gives back the tree as read, node for node (source locations
/// included), so ``bytes(as:)`` then gives back the bytes as read.
package struct Document: Sendable {
  /// One undoable step.
  package struct Step: Sendable, Equatable {
    /// What the step did, for the status bar ("set CFBundleVersion").
    package var name: String
    /// The edits, in the order they were applied.
    package var edits: [Edit]
    /// Their inverses, in the order that undoes them.
    package var inverses: [Edit]
    /// A number no other step of this document has; tells saved states apart.
    package var id: Int
  }

  /// Where the file is, when it came from disk (`nil` for a file in an archive or in memory).
  package var path: String?
  /// The document as read: the reference for the format-preserving writer.
  package let original: PlistDocument
  /// The tree now.
  package private(set) var root: PlistNode
  /// Steps that can be undone, oldest first.
  package private(set) var undoStack: [Step] = []
  /// Steps that can be redone, the next one last.
  package private(set) var redoStack: [Step] = []
  private var nextID = 1
  private var savedID = 0

  /// Opens `original` for editing; `path` is where it would be saved.
  ///
  /// A document made from a
  /// recovery file starts dirty (`startsDirty`): its content differs from the file on disk.
  package init(_ original: PlistDocument, path: String? = nil, startsDirty: Bool = false) {
    self.original = original
    self.root = original.root
    self.path = path
    if startsDirty { savedID = -1 }
  }

  /// The step the tree is at (0 before any).
  private var currentID: Int { undoStack.last?.id ?? 0 }

  /// Whether the tree differs from what was read or last saved, step-wise.
  package var isDirty: Bool { currentID != savedID }
  /// Whether there is a step to undo.
  package var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  package var canRedo: Bool { !redoStack.isEmpty }

  /// Whether the file can be edited here, and why not: old-style ASCII files (`.strings`,
  /// `project.pbxproj`) and JSON files (asset-catalog `Contents.json`) are shown but not
  /// written in this version, as our writers produce XML and binary only, and saving either
  /// kind as XML would break the tools that read it.
  package var readOnlyReason: String? {
    switch original.format {
    case .ascii: "old-style ASCII property lists (.strings, project.pbxproj) are read-only here"
    case .json: "JSON property lists (such as an asset catalog's Contents.json) are read-only here"
    case .xml, .binary: nil
    }
  }

  /// Applies `edits` as one step named `name`; all or nothing.
  ///
  /// - Throws: the first edit's ``EditError``; the edits before it are undone first, so the tree
  ///   is unchanged.
  package mutating func perform(_ name: String, _ edits: [Edit]) throws(EditError) {
    guard !edits.isEmpty else { return }
    if let reason = readOnlyReason { throw EditError(.rootNotEditable, reason) }
    var inverses: [Edit] = []
    for edit in edits {
      do {
        inverses.insert(try edit.apply(to: &root), at: 0)
      } catch {
        for inverse in inverses { _ = try? inverse.apply(to: &root, restoring: true) }
        throw error
      }
    }
    undoStack.append(Step(name: name, edits: edits, inverses: inverses, id: nextID))
    nextID += 1
    redoStack.removeAll()
  }

  /// Undoes the last step.
  ///
  /// - Returns: its name, or `nil` when there was nothing to undo.
  @discardableResult
  package mutating func undo() -> String? {
    guard let step = undoStack.popLast() else { return nil }
    for inverse in step.inverses {
      // An inverse of an applied edit always applies; a failure would be a bug in Edit.
      _ = try? inverse.apply(to: &root, restoring: true)
    }
    redoStack.append(step)
    return step.name
  }

  /// Redoes the last undone step.
  ///
  /// - Returns: its name, or `nil` when there was nothing to redo.
  @discardableResult
  package mutating func redo() -> String? {
    guard let step = redoStack.popLast() else { return nil }
    var inverses: [Edit] = []
    for edit in step.edits {
      if let inverse = try? edit.apply(to: &root) { inverses.insert(inverse, at: 0) }
    }
    undoStack.append(Step(name: step.name, edits: step.edits, inverses: inverses, id: step.id))
    return step.name
  }

  /// Records that the tree as it is now has been written.
  package mutating func markSaved() { savedID = currentID }

  /// The format a save writes by default: XML (a binary property list is written back as XML,
  /// the design's choice; binary remains available).
  package var defaultSaveFormat: PlistFormat { .xml }

  /// The file's bytes for the tree now.
  ///
  /// XML over an XML original keeps every byte the edits did not touch; otherwise the canonical
  /// writer of `format` is used.
  ///
  /// - Throws: `PlistError` from the writer (a value the format cannot hold); `.unsupported`
  ///   for ASCII and JSON, which are not save formats.
  package func bytes(as format: PlistFormat) throws(PlistError) -> [UInt8] {
    switch format {
    case .xml:
      return original.format == .xml
        ? try XMLPreservingWriter.write(root, over: original) : try XMLPlistWriter.write(root)
    case .binary:
      return try BinaryPlistWriter.write(root)
    case .ascii, .json:
      throw PlistError(
        .unsupported, "\(format.rawValue) is not a format infoscope saves; choose xml or binary")
    }
  }
}
