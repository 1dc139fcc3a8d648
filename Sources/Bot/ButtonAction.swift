import Chat
import JSON

/// Every button the bot makes, by what pressing it does. Features make and handle buttons only
/// through these cases, and a test checks that the router has a handler for each one. The raw values
/// are stored with the buttons: renaming one expires the buttons already sent.
enum ButtonAction: String, CaseIterable, ButtonActionName {
    case outfitPick = "outfit.pick"
    case outfitAnother = "outfit.another"
    case outfitWhy = "outfit.why"
    case outfitWore = "outfit.wore"
    case woreOn = "wore.on"
    case closetPage = "closet.page"
    case closetRemove = "closet.remove"
    case closetKeep = "closet.keep"
    case closetPhoto = "closet.photo"
    case looksPage = "looks.page"
    case lookDress = "look.dress"
    case lookCompare = "look.compare"
    case lookAgain = "look.again"
    case lookKeep = "look.keep"
    case lookDelete = "look.delete"
    case lookUseAgain = "look.use"
    case tryOnNow = "tryon.now"
    case tryOnSwap = "tryon.swap"
    case tryOnGo = "tryon.go"
    case tryOnKeep = "tryon.keep"
    case tryOnPrompt = "tryon.prompt"
    case tryOnService = "tryon.service"
    case tryOnSlot = "tryon.slot"
    case tryOnItem = "tryon.item"
    case tryOnAddPiece = "tryon.addpiece"
    case tryOnCancel = "tryon.cancel"
    case languageSet = "language.set"
    case timeZoneSet = "timezone.set"
    case voteTie = "vote.tie"
    case forgetConfirm = "forget.confirm"
    case forgetCancel = "forget.cancel"
    case draftSave = "draft.save"
    case draftCancel = "draft.cancel"
    case draftGoodsKeep = "draft.goods.keep"
    case draftCategory = "draft.category"
    case draftColor = "draft.color"
    case draftOtherColor = "draft.othercolor"
    case draftTypeSize = "draft.typesize"
    case draftSkipSize = "draft.skipsize"
    case draftSize = "draft.size"
}

// Overloads that take the bot's own actions, so call sites write `.closetRemove`.
extension ChatContext {
    /// A button for one of the bot's actions; by default only this user may press it.
    func button(_ title: String, action: ButtonAction, payload: JSON = [:], anyone: Bool = false) async throws -> Button {
        let named: any ButtonActionName = action
        return try await button(title, action: named, payload: payload, anyone: anyone)
    }
}

extension RouterBuilder {
    /// Sets the handler for presses of one of the bot's buttons.
    mutating func onButton(_ action: ButtonAction, _ handler: @escaping Router.ButtonHandler) {
        let named: any ButtonActionName = action
        onButton(named, handler)
    }
}
