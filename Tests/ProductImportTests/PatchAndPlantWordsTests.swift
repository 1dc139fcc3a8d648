import Closet
import ProductImport
import Testing

/// Iron-on patches in more languages, garment care as the English ones already were (bentoshop.de's "Aufbügelbilder
/// Kids", whose description says it decorates "Taschen oder Kleidung"), and plants and seeds (meinwoody.de's "Pflanzset Wildbirne Baum") are goods, not clothing; a garment that merely
/// wears a patch or a seed stitch stays a garment.
@Suite struct PatchAndPlantWordsTests {
    @Test(arguments: [
        ("Aufbügelbilder Kids", "garment care item"), ("Bügelbild Einhorn 8 cm", "garment care item"), ("Aufnäher Anker blau", "garment care item"),
        ("Iron-on patches, set of 12", "garment care item"), ("Écusson thermocollant étoile", "garment care item"), ("Naprasowanka serce", "garment care item"),
        ("Pflanzset Wildbirne Baum", "plants and seeds"), ("Saatgut Wildblumenwiese 50 g", "plants and seeds"), ("Tomato seeds, heirloom mix", "plants and seeds"),
        ("Semillas de albahaca", "plants and seeds"), ("Bloembollen tulpen mix", "plants and seeds"), ("Nasiona pomidora", "plants and seeds"),
    ])
    func patchesAndPlantsAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Tweed Jacket with Elbow Patches", Category.outerwear, "jacket"), ("Linen Shirt Seed Stitch", .top, "shirt"), ("Samen Hoodie", .top, "hoodie"),
    ])
    func garmentsWithSuchWordsStayGarments(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test func aPatchesDescriptionNamingBagsDoesNotMakeItABag() throws {
        let html = """
            <!doctype html><html lang="de"><head><title>Aufbügelbilder Kids</title>
            <meta name="description" content="Genau das richtige zum Verschönern von Taschen oder Kleidung."></head><body>
            <h1>Aufbügelbilder Kids</h1><span class="price">3,95 €</span><button>In den Warenkorb</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.bastelshop.example.de/aufbuegelbilder-kids")
        #expect(draft.goods == "garment care item")
        #expect(draft.category == nil)
    }
}
