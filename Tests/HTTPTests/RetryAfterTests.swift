import HTTP
import Testing

@Suite struct RetryAfterTests {
    @Test func aRetryAfterIsFiniteNonNegativeAndAtMostADay() {
        #expect(RetryAfter(header: "30")?.seconds == 30)
        #expect(RetryAfter(header: " 1.5\t")?.wholeSeconds == 2)
        #expect(RetryAfter(header: "1e20")?.seconds == RetryAfter.maximum)
        #expect(RetryAfter(header: "1e20")?.wholeSeconds == 86_400)
        for bad in ["inf", "-inf", "nan", "-1", "", "soon", "Wed, 21 Oct 2015 07:28:00 GMT", String(repeating: "9", count: 400)] {
            #expect(RetryAfter(header: bad) == nil, "\(bad)")
        }
        #expect(RetryAfter(header: nil) == nil)
        #expect(RetryAfter(seconds: .nan) == nil)
        #expect(RetryAfter(seconds: 0)?.wholeSeconds == 1)
    }
}
