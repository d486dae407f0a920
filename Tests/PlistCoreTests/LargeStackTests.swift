import Foundation
import PlistCore
import Testing

/// The large-stack runner: results, errors, nesting, and work spread over threads.
@Suite struct LargeStackTests {
  struct Failure: Error, Equatable {}

  @Test func runsOnALargeStackAndReturnsTheResult() {
    #expect(!LargeStack.isLarge)
    let (value, inside) = LargeStack.run { (42, LargeStack.isLarge) }
    #expect(value == 42)
    #expect(inside)
    #expect(!LargeStack.isLarge)
  }

  @Test func rethrowsWhatTheWorkThrows() {
    #expect(throws: Failure()) {
      try LargeStack.run { () throws(Failure) -> Int in throw Failure() }
    }
  }

  @Test func nestedRunsStayOnTheSameThread() {
    let same = LargeStack.run {
      let outer = pthread_self()
      return LargeStack.run { pthread_equal(outer, pthread_self()) != 0 }
    }
    #expect(same)
  }

  @Test func concurrentPerformCallsEveryIndexOnceOnLargeStacks() {
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var indices: [Int] = []
      var allLarge = true
    }
    let seen = Seen()
    LargeStack.concurrentPerform(iterations: 100) { index in
      seen.lock.lock()
      seen.indices.append(index)
      seen.allLarge = seen.allLarge && LargeStack.isLarge
      seen.lock.unlock()
    }
    #expect(seen.indices.sorted() == Array(0..<100))
    #expect(seen.allLarge)
  }
}
