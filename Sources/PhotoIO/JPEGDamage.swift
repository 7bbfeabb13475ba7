import CJPEGRecovery
import EditorState

/// Turns where libjpeg first met damaged data into the rows of the picture that are intact.
enum JPEGDamage {
    static func damage(from report: cropper_jpeg_report, frame: JPEGFrame, structure: JPEGStructure) -> Damage? {
        var report = report
        let row = Int(report.first_warning_imcu_row)
        guard row >= 0 else { return nil }
        var badRow = row
        // Every scan of a progressive file refines every row: damage in any of them leaves no row whole.
        if report.progressive != 0 { badRow = 0 }
        // Corrupt data inside a restart interval shows only when the decoder reaches the next
        // marker: the whole interval before the warning is suspect.
        if report.restart_interval > 0, report.mcus_per_row > 0 {
            let interval = Int(report.restart_interval)
            let perRow = Int(report.mcus_per_row)
            badRow -= (interval + perRow - 1) / perRow
        }
        badRow = max(0, badRow)
        guard badRow < Int(report.total_imcu_rows) else { return nil }
        let blockRows = badRow * Int(report.imcu_height)
        // Chroma upsampled vertically: the last row of an intact iMCU row blends in the first damaged one.
        let intactRows = blockRows - (report.vertical_context != 0 ? 1 : 0)
        let detail = JPEGDecoder.text(of: &report.damage_message)
        let endsEarly = structure.isTruncated || detail.contains("Premature end")
        return Damage(kind: endsEarly ? .endsEarly : .corrupt, intactRows: intactRows, intactBlockRows: blockRows,
                      storedSize: frame.size, detail: detail)
    }
}
