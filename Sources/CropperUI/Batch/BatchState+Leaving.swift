/// Leaving the open photo (quitting, or opening another) as the close question decides it (`Leaving`): the open
/// photo's edit kept with it and leaving goes on, the question put on top, or leaving goes on at once.
extension BatchState {
    mutating func leave(_ purpose: ClosePurpose, in context: BatchContext) -> PartAnswer {
        switch Leaving.decide(purpose, batch: self, in: context) {
        case .keepEditAndGo:
            keepOpenPhotoEdit(in: context)
            return PartAnswer(then: purpose)
        case let .ask(question):
            return PartAnswer(question: question)
        case .go:
            return PartAnswer(then: purpose)
        }
    }
}
