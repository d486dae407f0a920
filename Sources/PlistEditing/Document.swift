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

    /// The step with every node's positions dropped (``Edit/detached``).
    var detached: Step {
      Step(
        name: name, edits: edits.map(\.detached), inverses: inverses.map(\.detached), id: id)
    }
  }

  /// Where the file is, when it came from disk (`nil` for a file in an archive or in memory).
  package var path: String?
  /// The document as read (or as last written, after ``rebase(onto:)``): the reference for
  /// the format-preserving writer and the source of the positions findings show.
  package private(set) var original: PlistDocument
  /// The tree now.
  package private(set) var root: PlistNode
  /// Steps that can be undone, oldest first.
  package internal(set) var undoStack: [Step] = []
  /// Steps that can be redone, the next one last.
  package internal(set) var redoStack: [Step] = []
  private var nextID = 1
  private var savedID = 0
  /// The edits applied to the tree since ``takeApplied()`` last took them, in order: a
  /// step's edits for perform and redo, its inverses for undo.
  package private(set) var applied: [Edit] = []

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
    let inverses = try applyAll(edits, restoring: false, step: nil)
    applied += edits
    undoStack.append(Step(name: name, edits: edits, inverses: inverses, id: nextID))
    nextID += 1
    redoStack.removeAll()
  }

  /// Undoes the last step; all or nothing.
  ///
  /// - Returns: its name, or `nil` when there was nothing to undo.
  /// - Throws: ``EditError`` when an inverse does not apply (which would be a bug in `Edit`):
  ///   the step stays on the undo stack and the tree is put back as it was, or the message
  ///   says it could not be.
  @discardableResult
  package mutating func undo() throws(EditError) -> String? {
    guard let step = undoStack.last else { return nil }
    _ = try applyAll(step.inverses, restoring: true, step: "undo " + step.name)
    applied += step.inverses
    undoStack.removeLast()
    redoStack.append(step)
    return step.name
  }

  /// Redoes the last undone step; all or nothing.
  ///
  /// - Returns: its name, or `nil` when there was nothing to redo.
  /// - Throws: ``EditError`` when an edit no longer applies: the step stays on the redo stack
  ///   and the tree is put back as it was, or the message says it could not be.
  @discardableResult
  package mutating func redo() throws(EditError) -> String? {
    guard let step = redoStack.last else { return nil }
    let inverses = try applyAll(step.edits, restoring: false, step: "redo " + step.name)
    applied += step.edits
    redoStack.removeLast()
    undoStack.append(Step(name: step.name, edits: step.edits, inverses: inverses, id: step.id))
    return step.name
  }

  /// Applies `edits` in order and returns their inverses, last first; when one fails, the
  /// ones applied are taken back before the error is thrown.
  ///
  /// - Parameters:
  ///   - edits: the edits.
  ///   - restoring: passed to each edit (inverses restore what was removed).
  ///   - step: `undo NAME` or `redo NAME`, named in the error; nil for a new step, whose
  ///     edit's own error is thrown.
  /// - Returns: the inverses of the edits, last first.
  /// - Throws: ``EditError`` from the first edit that does not apply.
  private mutating func applyAll(
    _ edits: [Edit], restoring: Bool, step: String?
  ) throws(EditError) -> [Edit] {
    var inverses: [Edit] = []
    for edit in edits {
      do {
        inverses.insert(try edit.apply(to: &root, restoring: restoring), at: 0)
      } catch {
        var restored = true
        for inverse in inverses {
          do {
            _ = try inverse.apply(to: &root, restoring: true)
          } catch {
            restored = false
          }
        }
        guard let step else {
          if restored { throw error }
          throw EditError(error.kind, error.message + "; the file could not be put back as it was")
        }
        throw EditError(
          error.kind,
          "could not \(step): \(error.message)"
            + (restored ? "" : "; the file could not be put back as it was"))
      }
    }
    return inverses
  }

  /// The edits applied since the last call (see ``applied``), which are then forgotten.
  package mutating func takeApplied() -> [Edit] {
    defer { applied = [] }
    return applied
  }

  /// Records that the tree as it is now has been written.
  package mutating func markSaved() { savedID = currentID }

  /// After a save: `written`, the bytes just written read back, becomes the reference, so the
  /// positions findings show and the next save's layout are the file's as it is now.
  ///
  /// The history stays: its nodes lose their positions (they belong to the text before), so a
  /// step undone past the save is written in the canonical layout.
  ///
  /// - Returns: false, and nothing changes, when `written` does not hold the tree now.
  @discardableResult
  package mutating func rebase(onto written: PlistDocument) -> Bool {
    guard written.root == root else { return false }
    original = written
    root = written.root
    undoStack = undoStack.map { $0.detached }
    redoStack = redoStack.map { $0.detached }
    applied = applied.map(\.detached)
    return true
  }

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
