import Closet
import Foundation
@testable import ProductImport
import Testing

/// Russian shop pages without structured data: molypoly.ru's product page (no `h1`, the name in
/// `<p class=tovarfullname>`, the whole layout inside `<div id="fonformenu">`), sumka-style.ru's category page
/// that sells from its tiles, and a start page with a sign-in box.
@Suite struct RussianShopPageTests {
    static let product = """
        <html><head><title>Каталог косметических товаров</title></head><body><div id="fonformenu">
        <p class="section-menu"><a href="index.php?razdelID=1">Уход за лицом</a></p>
        <form action=index.php name="tovarform" method=post>
        <p class=tovarfullname>Спрей для сужения пор The Face Shop Pore Tightening Cooling Mist, 150ml</p>
        <img width=187 src="staff_files/98516994.jpg">
        <p class="ofield-full">Наличие на складе: <span class="otext">Да</span></p>
        <p class="ofield-full">Производитель: </span><span class="otext">&nbsp;&nbsp;The Face Shop </span></p>
        <p class="ofield-full">Артикул: <span class=otext>1163</span></p>
        <p class="prise"><span class=prisevalue>870</span><br>руб</p>
        <input type="submit" name="upload" class="send" value="В корзину">
        </form></div></body></html>
        """

    @Test func theNameLabelledElementNamesAPageWithoutAHeading() throws {
        let draft = try TestSupport.draft(Self.product, url: "http://molypoly.ru/index.php?filenumber=15915")
        #expect(draft.name == "Спрей для сужения пор The Face Shop Pore Tightening Cooling Mist, 150ml")
        #expect(draft.price == 870)
        #expect(draft.currency == "RUB")
        #expect(draft.sku == "1163")
        #expect(draft.availability == .inStock)
    }

    @Test func theMakerLabelInsideALayoutNamedMenuGivesTheBrand() throws {
        #expect(try TestSupport.draft(Self.product, url: "http://molypoly.ru/index.php?filenumber=15915").brand == "The Face Shop")
    }

    @Test func aRealMenuStillHidesItsMakerEntries() throws {
        let page = Self.product.replacingOccurrences(of: "<p class=\"section-menu\"><a href=\"index.php?razdelID=1\">Уход за лицом</a></p>",
                                                     with: "<div class=\"side-menu\"><p>Производитель: <a href=\"/b/missha\">Missha</a></p></div>")
            .replacingOccurrences(of: "<p class=\"ofield-full\">Производитель: </span><span class=\"otext\">&nbsp;&nbsp;The Face Shop </span></p>", with: "")
            .replacingOccurrences(of: "<div id=\"fonformenu\">", with: "<div>")
        #expect(try TestSupport.draft(page, url: "http://molypoly.ru/index.php?filenumber=15915").brand != "Missha")
    }

    @Test(arguments: [("Нет в наличии", Availability.outOfStock), ("В наличии", .inStock), ("Немає в наявності", .outOfStock)])
    func russianAndUkrainianStockWords(text: String, state: Availability) {
        #expect(AvailabilityWords.availability(in: text) == state)
    }

    static func tile(_ id: Int) -> String {
        """
        <li class="catalog-item"><form action="/catalog/sumki/" method="post">
        <div class="img"><a href="/catalog/sumki/0996-\(id)/"><img src="/upload/\(id).jpg"></a></div>
        <div><a href="/catalog/sumki/0996-\(id)/" class="name">0996-\(id)</a></div>
        <div class="price-wrap"><div class="price"><div class="new">230 руб.</div></div></div>
        <input type="submit" name="actionADD2BASKET" class="add_to_cart" value="В корзину"></form></li>
        """
    }

    @Test func aCategoryThatSellsOnlyFromItsTilesIsAListing() {
        let page = "<html><head><title>Хозяйственные сумки</title></head><body><h1>Хозяйственные сумки</h1><ul id=\"item_list\">"
            + (1...3).map(Self.tile).joined() + "</ul></body></html>"
        #expect {
            try TestSupport.draft(page, url: "http://www.sumka-style.ru/catalog/zhenskie-sumki/khozyaystvennye-sumki/")
        } throws: { ($0 as? ImportError)?.code == "listing_page" }
    }

    @Test func aProductWithItsOwnBuyBoxBesideSellingTilesIsStillAProduct() throws {
        let page = """
            <html><head><title>Сумка 0996-46</title></head><body><div class="product"><h1>Сумка 0996-46</h1>
            <div class="price">230 руб.</div><input type="submit" class="add_to_cart" value="В корзину"></div>
            <ul class="similar">\((1...2).map(Self.tile).joined())</ul></body></html>
            """
        #expect(try TestSupport.draft(page, url: "http://www.sumka-style.ru/catalog/sumki/0996-46/").price == 230)
    }

    @Test func aStartPageWithASignInBoxIsTheHomePage() {
        let page = """
            <html><head><title>Интернет магазин корейской косметики</title></head><body>
            <form action="login.php"><input name="login"><input type="password" name="pass"><input type="submit" value="Войти"></form>
            <p>Новинки</p></body></html>
            """
        #expect {
            try TestSupport.draft(page, url: "http://molypoly.ru/index.php?razdelID=810")
        } throws: { ($0 as? ImportError)?.code == "home_page" }
    }
}

extension RussianShopPageTests {
    @Test(arguments: [
        ("Платье миди с цветочным принтом", Category.dress), ("Футболка мужская хлопковая", .top), ("Джинсы прямые", .bottom),
        ("Куртка демисезонная", .outerwear), ("Кроссовки беговые", .shoes), ("Сумка через плечо", .accessory), ("Сукня літня", .dress),
    ])
    func russianAndUkrainianGarmentWords(name: String, category: Category) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).category == category, "\(name)")
    }

    @Test(arguments: [
        ("Аккумулятор BL-44JN для LG C660", "electronics"), ("Спрей для сужения пор The Face Shop", "cosmetics"), ("Ноутбук Lenovo IdeaPad 3", "laptop"),
        ("Диван угловой", "furniture"),
    ])
    func russianGoodsWords(name: String, kind: String) {
        TestSupport.expectGoods(name, kind)
    }
}
