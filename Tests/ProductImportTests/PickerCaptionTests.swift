import Foundation
import ProductImport
import Testing

/// Variant pickers named by a caption element rather than by their own attributes: a `<label for>`
/// beside a `<select>` (Magento, WooCommerce) and a `<legend>` over a row of radio buttons (Shopify themes).
@Suite struct PickerCaptionTests {
    private func draft(_ picker: String) throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="it"><head><title>Giacca Lago</title></head><body>
            <h1>Giacca Lago</h1><span class="price">149,00 €</span>\(picker)
            <button type="submit" class="action primary tocart">Aggiungi al carrello</button></body></html>
            """
        return try TestSupport.draft(html, url: "https://montagna.example/giacca-lago.html")
    }

    @Test func aSelectNamedByItsLabelGivesItsSizes() throws {
        let found = try draft("""
            <label class="label" for="attribute143"><span>Taglia</span></label>
            <select name="super_attribute[143]" id="attribute143"><option value="">Scegli un'opzione...</option>
            <option value="5">S</option><option value="6">M</option><option value="7">L</option></select>
            """)
        #expect(found.sizes == ["S", "M", "L"])
    }

    /// Captions are searched in place when their text is one ASCII run; capitals outside ASCII and captions split
    /// over several runs take the lowered copy, and still caption; caseless characters (`&lrm;`, Japanese) are searched as they are.
    @Test func capitalsAndSplitCaptionsStillCaption() throws {
        for caption in ["TAGLIA", "GRÖSSE", "Tag<b>lia</b>", "Größe:", "&lrm;Size&lrm;:", "サイズ"] {
            let found = try draft("""
                <div class="options"><span class="label">\(caption)</span><ul class="choices"><li>S</li><li>M</li></ul></div>
                """)
            #expect(found.sizes == ["S", "M"], "\(caption)")
        }
        let uncaptioned = try draft("""
            <div class="options"><span class="label">TAGLI</span><ul class="choices"><li>S</li><li>M</li></ul></div>
            """)
        #expect(uncaptioned.sizes.isEmpty)
    }

    @Test func aLabelForAnotherControlNamesNothing() throws {
        let found = try draft("""
            <label for="qty">Taglia</label><input id="qty" type="number" value="1">
            <select name="super_attribute[143]" id="attribute143"><option value="5">S</option><option value="6">M</option></select>
            """)
        #expect(found.sizes.isEmpty)
    }

    @Test func aLegendNamesARadioRowAndTheInputsGiveTheValues() throws {
        let found = try draft("""
            <fieldset class="js product-form__input"><legend class="form__label">Size</legend>
            <input type="radio" id="m-1-0" name="Size-1" value="S" class="disabled">
            <label for="m-1-0">S<span class="visually-hidden">Variant sold out or unavailable</span></label>
            <input type="radio" id="m-1-1" name="Size-1" value="M" checked><label for="m-1-1">M</label>
            <input type="radio" id="m-1-2" name="Size-1" value="L"><label for="m-1-2">L</label></fieldset>
            """)
        #expect(found.sizes == ["S", "M", "L"])
        // One size marked sold out of three: the piece can still be bought.
        #expect(found.availability == .inStock)
    }

    @Test func aLegendWithTheChosenValueStillNamesThePicker() throws {
        let found = try draft("""
            <fieldset class="product-form__input"><legend>Colore: <span>Nero</span></legend>
            <input type="radio" id="c-0" name="Colore" value="Nero" checked><label for="c-0">Nero</label>
            <input type="radio" id="c-1" name="Colore" value="Sabbia"><label for="c-1">Sabbia</label></fieldset>
            """)
        #expect(found.colors.count == 2)
    }

    @Test func aLegendThatIsNotAPickerCaptionNamesNothing() throws {
        let found = try draft("""
            <fieldset><legend>Newsletter</legend><label><input type="checkbox" name="a">S</label><label><input type="checkbox" name="b">M</label></fieldset>
            """)
        #expect(found.sizes.isEmpty)
    }

    @Test func aCaptionJustBeforeThePickerNamesIt() throws {
        let found = try draft("""
            <div class="product-variants-item"><span class="control-label">Taglia</span>
            <select class="form-control" id="group_1" name="group[1]"><option value="1" title="S">S</option><option value="2">M</option></select></div>
            <div class="product-variants-item"><span class="control-label">Colore</span><ul id="group_2">
            <li><label><input type="radio" name="group[2]" value="8"><span class="sr-only">Bianco</span></label></li>
            <li><label><input type="radio" name="group[2]" value="11"><span class="sr-only">Nero</span></label></li></ul></div>
            """)
        #expect(found.sizes == ["S", "M"])
        #expect(found.colors.count == 2)
    }

    @Test func aCaptionFurtherBackNamesNothing() throws {
        let found = try draft("""
            <div><span>Taglia</span><p>Guida alle taglie: misura il petto e scegli.</p>
            <select id="group_1" name="group[1]"><option value="1">S</option><option value="2">M</option></select></div>
            """)
        #expect(found.sizes.isEmpty)
    }

    @Test func aDropdownsOwnButtonsAndANoSizePlaceholderAreNoSizes() throws {
        let found = try draft("""
            <div id="sizesDropdown" class="m-dropdown size-dropdown"><button type="button" class="placeholder"><span>NOSIZE</span></button>
            <ul class="list-wrapper"><li><ul class="options"></ul><ul class="bottom-option"><li>Cancel</li></ul></li></ul></div>
            """)
        #expect(found.sizes.isEmpty)
        let sized = try draft("""
            <div class="size-dropdown"><ul class="options"><li>36</li><li>38</li></ul><ul class="bottom-option"><li>Cancel</li></ul></div>
            """)
        #expect(sized.sizes == ["36", "38"])
    }
}
