import Testing
@testable import ProductImport

@Suite struct BracketBrandTests {
    @Test(arguments: [
        ("【NIKE 耐吉】Air Max 90 男鞋", "NIKE"), ("【GAP】男裝 Logo純棉圓領短袖T恤", "GAP"), ("[Adidas] 슈퍼스타 스니커즈", "Adidas"),
        ("［New Balance］574 クラシック", "New Balance"), ("  【Levi's】501 原創直筒牛仔褲", "Levi's"),
    ])
    func aBracketedLatinBrandBeforeTheNameIsTheBrand(name: String, brand: String) {
        #expect(BracketBrand.brand(inName: name) == brand)
    }

    @Test(arguments: [
        "[프로모션] 해피머니 온라인 상품권 5만원권_실시간 발송", "【送料無料】リネンシャツ", "【公式】ユニクロ エアリズム", "【現貨】純棉上衣",
        "[무료배송] 반팔 티셔츠", "【2点で10%OFF】ワンピース", "[SALE] Linen shirt", "【NEW】春夏 洋裝", "[Free Shipping] Tote bag",
        "Linen shirt [Nike]", "【耐吉】Air Max", "[1+1] 양말", "[Hot Sale] Linen shirt", "【Limited Edition】 T恤", "[Made in USA] Jeans",
    ])
    func promotionsLocalWordsAndLaterBracketsAreNoBrand(name: String) {
        #expect(BracketBrand.brand(inName: name) == nil)
    }

    @Test func aPageWithoutABrandTakesTheBracketedOne() throws {
        let html = """
            <html lang="zh-TW"><head><title>【NIKE 耐吉】Air Max 90 男鞋 - 商店</title></head><body>
            <h1>【NIKE 耐吉】Air Max 90 男鞋</h1><span class="price">NT$4,200</span><button>加入購物車</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shop.example.com.tw/goods/1")
        #expect(draft.brand == "NIKE")
        #expect(draft.category == .shoes)
    }
}
