import Foundation
import ProductImport
import Testing

/// Visible-page wording of Japanese, Chinese and Korean shops, and Amazon's bylines outside English.
@Suite struct EastAsianShopWordingTests {
    private func page(_ body: String, lang: String) -> String {
        "<!doctype html><html lang=\"\(lang)\"><head><title>Shop</title></head><body>\(body)</body></html>"
    }

    @Test(arguments: [
        ("在庫あり。", "in_stock"), ("一時的に在庫切れ", "out_of_stock"), ("残り1点 ご注文はお早めに", "limited"), ("予約受付中", "pre_order"),
        ("現貨供應", "in_stock"), ("已售完", "out_of_stock"), ("補貨中", "out_of_stock"), ("僅剩 2 件", "limited"),
        ("재고 있음", "in_stock"), ("일시품절", "out_of_stock"), ("품절임박", "limited"), ("Disponibilità immediata", "in_stock"),
        ("Fast ausverkauft", "limited"),
    ])
    func stockWordsInJapaneseChineseKoreanAndItalianAreRead(words: String, availability: String) throws {
        let html = page("<h1>Item</h1><span class=\"price\">¥1,980</span><div id=\"availability\"><span>\(words)</span></div>", lang: "ja")
        let draft = try TestSupport.draft(html, url: "https://shop.example.jp/item/1")
        #expect(draft.availability?.rawValue == availability, "\(words)")
    }

    @Test(arguments: [
        ("<a id=\"bylineInfo\">Visiter la boutique Samsung</a>", "https://www.amazon.fr/dp/B000000003", "Samsung"),
        ("<a id=\"bylineInfo\">Ankerのストアを表示</a>", "https://www.amazon.co.jp/dp/B000000003", "Anker"),
        ("<a id=\"bylineInfo\">ブランド: UGREEN</a>", "https://www.amazon.co.jp/dp/B000000003", "UGREEN"),
        ("<div class=\"brand-name\">品牌：Uniqlo</div>", "https://shop.example.tw/goods/1", "Uniqlo"),
        ("<a id=\"bylineInfo\">Besök Philips-butiken</a>", "https://www.amazon.se/dp/B000000003", "Philips"),
        ("<a id=\"bylineInfo\">Philips Mağazasını ziyaret edin</a>", "https://www.amazon.com.tr/dp/B000000003", "Philips"),
    ])
    func brandWordingOfAmazonFranceJapanAndChineseLabelsIsRead(byline: String, url: String, brand: String) throws {
        let html = page("<span id=\"productTitle\">Item</span>\(byline)<span class=\"price\">¥1,980</span><button>カートに入れる</button>", lang: "ja")
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.brand == brand)
    }

    @Test(arguments: [
        ("￥1,980", "https://www.amazon.co.jp/dp/B000000004", 1980.0, "JPY"),
        ("￥1,280", "https://shop.example.com.tw/goods/1", 1280.0, "TWD"),
        ("NT$1,290", "https://shop.example.com/goods/1", 1290.0, "TWD"),
        ("29,900원", "https://shop.example.co.kr/goods/1", 29900.0, "KRW"),
    ])
    func fullWidthYenWonAndTaiwanDollarsAreRead(text: String, url: String, price: Double, currency: String) throws {
        let html = page("<h1>Item</h1><span class=\"price\">\(text)</span><button>Buy now</button>", lang: "ja")
        let draft = try TestSupport.draft(html, url: url)
        #expect(draft.price == price)
        #expect(draft.currency == currency)
    }

    @Test func aKoreanClothingPageWithoutStructuredDataGetsItsCategory() throws {
        let html = page("<h1>오버핏 반팔티셔츠 화이트</h1><span class=\"price\">19,900원</span><button>장바구니 담기</button>", lang: "ko")
        let draft = try TestSupport.draft(html, url: "https://shop.example.co.kr/product/detail/123")
        #expect(draft.category == .top)
        #expect(draft.subcategory == "t-shirt")
        #expect(draft.currency == "KRW")
    }

    @Test(arguments: [
        ("<title>ページが見つかりません</title>", "https://shop.example.jp/item/gone", ImportError.Kind.errorPage),
        ("<title>페이지를 찾을 수 없습니다</title>", "https://shop.example.co.kr/goods/9", ImportError.Kind.errorPage),
        ("<title>「ワンピース」の検索結果</title>", "https://shop.example.jp/list", ImportError.Kind.searchResults),
        ("<title>Shop</title>", "https://www.momo.example.tw/list.jsp?searchKeyword=%E6%B4%8B%E8%A3%9D", ImportError.Kind.searchResults),
    ])
    func pagesThatAreNotOneProductAreNamedInTheseLanguagesToo(head: String, url: String, kind: ImportError.Kind) {
        let html = "<html><head>\(head)</head><body><p>…</p></body></html>"
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: url) }
        do {
            _ = try TestSupport.draft(html, url: url)
        } catch {
            #expect(error.kind == kind, "\(head)")
        }
    }
}

extension EastAsianShopWordingTests {
    @Test func aKoreanOptionPromptIsNoSizeAndTheNumberAfterTheBrandIsTheSku() throws {
        let html = page("""
            <div class="product_title"><span class="brand">무신사 스탠다드</span><h2>베이식 스웨트 후드 집업</h2></div>
            <ul><li><p>품번</p><p><strong>MUSINSA STANDARD / MSMTZ001</strong></p></li></ul>
            <div class="price_info"><del>49,900원</del> <strong class="price">39,900원</strong></div>
            <select name="size"><option>옵션 선택</option><option>S</option><option>M</option></select><button>장바구니</button>
            """, lang: "ko").replacingOccurrences(of: "<title>Shop</title>", with: "<title>베이식 스웨트 후드 집업 - 스토어</title>")
        let draft = try TestSupport.draft(html, url: "https://store.example.kr/app/goods/1234567")
        #expect(draft.sizes == ["S", "M"])
        #expect(draft.sku == "MSMTZ001")
        #expect(draft.price == 39_900)
    }

    @Test func coupangsBuyBoxIsReadWithItsSiteRule() throws {
        let html = """
            <html lang="ko"><head><title>쿠팡!</title></head><body><a class="prod-brand-name" href="/np/brands">나이키</a>
            <h2 class="prod-buy-header__title">나이키 남성 드라이핏 반팔 티셔츠</h2>
            <span class="origin-price">39,000원</span><span class="total-price"><strong>29,900원</strong></span></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.coupang.com/vp/products/7219036583")
        #expect(draft.name == "나이키 남성 드라이핏 반팔 티셔츠")
        #expect(draft.brand == "나이키")
        #expect(draft.price == 29900)
        #expect(draft.currency == "KRW")
        #expect(draft.subcategory == "t-shirt")
    }
}

extension EastAsianShopWordingTests {
    @Test func aBareAmountBesideShippingOrMonthlyWordsIsNotThePrice() throws {
        let html = page("<h1>リネンシャツ</h1><p><span>送料 ¥550</span></p><p><span>月々 ¥1,000</span></p><div><strong>¥7,990</strong></div><button>カートに入れる</button>", lang: "ja")
        let draft = try TestSupport.draft(html, url: "https://shop.example.jp/item/linen-shirt")
        #expect(draft.price == 7990)
        #expect(draft.currency == "JPY")
    }

    @Test func aTicketPageWithABookingButtonIsOneProduct() throws {
        let html = page("<h1>뮤지컬 〈레미제라블〉</h1><span class=\"price\">VIP석 170,000원</span><button>예매하기</button>", lang: "ko")
        let draft = try TestSupport.draft(html, url: "https://tickets.example.co.kr/goods/24001234")
        #expect(draft.price == 170000)
        #expect(draft.currency == "KRW")
    }
}

extension EastAsianShopWordingTests {
    @Test func amazonsOverviewTableGivesTheBrandWhenThereIsNoByline() throws {
        let html = page("""
            <span id="productTitle">UGREEN USB-C 充電器 65W</span>
            <div id="productOverview_feature_div"><table><tr class="a-spacing-small po-brand"><td><span class="a-text-bold">ブランド</span></td>
            <td><span class="a-size-base po-break-word">UGREEN</span></td></tr></table></div>
            """, lang: "ja")
        let draft = try TestSupport.draft(html, url: "https://www.amazon.co.jp/dp/B0BBBB0002")
        #expect(draft.brand == "UGREEN")
        #expect(draft.goods == "electronics")
    }
}

extension EastAsianShopWordingTests {
    @Test func optionsInATableRowNamedByItsHeaderAreTheSizesAndColours() throws {
        // Cafe24's option table: the row header names the dropdown, a sold-out size carries "[품절]".
        let html = page("""
            <div class="headingArea"><h2>베이직 라운드 울 니트</h2></div>
            <table><tr><th scope="row">판매가</th><td><strong id="span_product_price_text">29,900원</strong></td></tr></table>
            <table><tbody>
            <tr><th scope="row">색상</th><td><select name="option1"><option value="*">- [필수] 옵션을 선택해 주세요 -</option>
            <option value="**" disabled>-------------------</option><option value="블랙">블랙</option><option value="아이보리">아이보리</option></select></td></tr>
            <tr><th scope="row">사이즈</th><td><span><select name="option2"><option value="*">- [필수] 옵션을 선택해 주세요 -</option>
            <option value="S">S</option><option value="M">M</option><option value="L">L [품절]</option></select></span></td></tr>
            </tbody></table><a href="#none" class="btnSubmit">바로 구매하기</a>
            """, lang: "ko").replacingOccurrences(of: "<title>Shop</title>", with: "<title>베이직 라운드 울 니트 - 모노샵</title>")
        let draft = try TestSupport.draft(html, url: "https://shop.example.kr/product/detail.html?product_no=1234")
        #expect(draft.sizes == ["S", "M", "L"])
        #expect(draft.colors.map(\.name) == ["black", "off-white"])
        #expect(draft.material == "wool")
        #expect(draft.availability == .inStock)
    }
}
