import { useState } from "react";
import { REPORT_REASON_MAX, reportInput, type ReportTarget } from "@shepherd/shared/community";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { useReportContent } from "../api/report-content";
import { notify, showError } from "@/lib/toast";

const WHAT: Record<ReportTarget, string> = {
  post: "post",
  comment: "comment",
  reflection: "reflection",
  reflection_comment: "comment",
  plan_day_comment: "comment",
  series_session_comment: "comment",
};

/** "Report" for someone else's post, comment or reflection: a short reason, kept for the admin area's Reports page. */
export function ReportDialog(props: { open: boolean; onClose: () => void; targetType: ReportTarget; targetId: string }) {
  const [reason, setReason] = useState("");
  const report = useReportContent();
  const what = WHAT[props.targetType];
  const close = () => {
    setReason("");
    props.onClose();
  };
  const trimmed = reason.trim();
  const valid = reportInput.shape.reason.safeParse(reason).success;
  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={`Report this ${what}`}
      description="Tell us in a few words what is wrong. Only the Shepherd team sees reports."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          report.mutate(
            { target_type: props.targetType, target_id: props.targetId, reason: trimmed },
            {
              onSuccess: () => {
                notify("Reported. Thank you for looking out for your brothers.");
                close();
              },
              onError: showError,
            },
          );
        }}
      >
        <Field label="Reason" hint={`${reason.length}/${REPORT_REASON_MAX} characters`}>
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              rows={3}
              autoFocus
              maxLength={REPORT_REASON_MAX}
              aria-describedby={describedBy}
              placeholder="For example: unkind, spam, or not safe"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending || !valid}>
            {report.isPending ? "Sending..." : "Report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
