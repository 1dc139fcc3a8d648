import Testing
import HTML

@Suite struct HTMLEntitiesTests {
    @Test func namedDecimalAndHexReferencesAreDecoded() {
        #expect(HTMLEntities.decode("Tom &amp; Jerry &#39;s &#x27;tee&#x27; &eacute;cru &euro;5") == "Tom & Jerry 's 'tee' écru €5")
    }

    @Test func unknownOrBrokenReferencesStayAsWritten() {
        #expect(HTMLEntities.decode("R&D &unknown; a & b &#xZZ;") == "R&D &unknown; a & b &#xZZ;")
    }
}
