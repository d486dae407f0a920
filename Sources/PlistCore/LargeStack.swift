import Foundation

/// Runs work on a thread whose stack holds a tree as deep as `PlistLimits.maxDepth`.
///
/// The readers and writers of every format walk trees with explicit stacks, but much else
/// (value equality, the release of a tree, rules, reports) follows the tree the way Swift
/// values do: one call per level. Comparing and releasing a tree 100,000 levels deep takes
/// between 32 and 64 MiB of stack in a release build and between 64 and 128 MiB in a debug
/// build (measured), far more than the 8 MiB of the main thread, and rules that recurse take
/// more. Commands, the inspector and lint jobs therefore run on a thread of `bytes` bytes; the
/// memory is reserved, not used, until a deep tree needs it.
package enum LargeStack {
  /// The stack size of the threads this type starts, in bytes: 4 GiB of address space.
  ///
  /// Pages are only used as deep work touches them, so a shallow document costs what it
  /// costs on any thread. Where the system refuses that much (a small machine that counts
  /// address space against its memory), 1 GiB and then 256 MiB are tried.
  package static let bytes = 4 << 30

  /// The sizes tried in turn, largest first.
  static let sizes = [bytes, 1 << 30, 256 << 20]

  /// The thread-specific key that marks the threads this type started.
  private static let marker: pthread_key_t = {
    var key = pthread_key_t()
    guard pthread_key_create(&key, nil) == 0 else {
      fatalError("LargeStack: no thread-specific key left to mark large stacks")
    }
    return key
  }()

  /// Runs `body` on a thread with a `bytes`-byte stack, and waits for it.
  ///
  /// On a thread that `run` started, `body` runs directly, so nested calls cost nothing. If
  /// no thread can be started, `body` runs on the calling thread (and a tree too deep for that
  /// thread's stack may then crash the process).
  ///
  /// - Parameter body: the work; it runs exactly once, before `run` returns.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package static func run<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if isLarge { return try body() }
    return try withoutActuallyEscaping(body) { (escapable) throws(Failure) -> Result in
      let box = Box(escapable)
      guard start(box) else { return try body() }
      switch box.outcome {
      case .success(let value)?: return value
      case .failure(let error)?: throw error
      case nil: fatalError("LargeStack.run: the thread ended without running its work")
      }
    }
  }

  /// True on a thread that `run` started (or that runs inside one's work).
  package static var isLarge: Bool { pthread_getspecific(marker) != nil }

  /// Calls `body(0)`, `body(1)`, … `body(iterations - 1)`, at once on large-stack threads,
  /// one per core at most, and returns when every call has returned.
  ///
  /// The calls are taken in index order by whichever thread is free. With one core, one
  /// iteration, or no thread to be had, they run one after another on a large stack.
  ///
  /// - Parameters:
  ///   - iterations: the number of calls.
  ///   - body: the work for one index; it must not depend on the order the calls run in.
  package static func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) {
    let workers = min(iterations, ProcessInfo.processInfo.activeProcessorCount)
    guard workers > 1 else {
      run { for index in 0..<max(iterations, 0) { body(index) } }
      return
    }
    withoutActuallyEscaping(body) { body in
      let counter = Counter(limit: iterations)
      var threads: [pthread_t] = []
      for _ in 0..<workers {
        let box = Box<Void, Never> { while let index = counter.next() { body(index) } }
        if let thread = spawn(box) { threads.append(thread) }
      }
      // Without threads, the calls run here (on a large stack, if one can be had).
      if threads.isEmpty { run { while let index = counter.next() { body(index) } } }
      for thread in threads { pthread_join(thread, nil) }
    }
  }

  /// Starts a large-stack thread that runs `box`, and joins it; false when none started.
  private static func start<Result, Failure: Error>(_ box: Box<Result, Failure>) -> Bool {
    guard let thread = spawn(box) else { return false }
    pthread_join(thread, nil)
    return true
  }

  /// Starts a large-stack thread that runs `box`, trying each of `sizes`; nil when none
  /// started.
  private static func spawn<Result, Failure: Error>(_ box: Box<Result, Failure>) -> pthread_t? {
    for size in sizes {
      if let thread = spawn(box, stackSize: size) { return thread }
    }
    return nil
  }

  /// Starts a thread of `stackSize` bytes of stack that runs `box`; nil when none started.
  private static func spawn<Result, Failure: Error>(
    _ box: Box<Result, Failure>, stackSize: Int
  ) -> pthread_t? {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return nil }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return nil }
    let context = Unmanaged.passRetained(box as AnyObject).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        _ = pthread_setspecific(LargeStack.marker, UnsafeRawPointer(bitPattern: 1))
        let object = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue()
        (object as? any Runnable)?.runOnce()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<AnyObject>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}

/// The next index to hand out, shared by the threads of `concurrentPerform`.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  private let limit: Int

  init(limit: Int) { self.limit = limit }

  /// The next index below the limit, or nil when all are taken.
  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}

/// Work that a large-stack thread runs once.
private protocol Runnable: AnyObject {
  func runOnce()
}

/// The work and its outcome, shared between the caller and the thread it waits for.
///
/// The caller blocks in `pthread_join` while the thread runs, so the two never touch the box
/// at once.
private final class Box<Result, Failure: Error>: Runnable, @unchecked Sendable {
  let body: () throws(Failure) -> Result
  var outcome: Swift.Result<Result, Failure>?

  init(_ body: @escaping () throws(Failure) -> Result) { self.body = body }

  func runOnce() {
    do throws(Failure) {
      outcome = .success(try body())
    } catch {
      outcome = .failure(error)
    }
  }
}
