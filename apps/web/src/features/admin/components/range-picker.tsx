import { ADMIN_RANGES, type AdminRange } from "@shepherd/shared/admin";
import { FilterChips } from "@/components/ui/filter-chips";

const OPTIONS = ADMIN_RANGES.map((n) => ({ value: String(n) as `${AdminRange}`, label: `${n} days` }));

/** The charts' range: the last 7, 30 or 90 days. */
export function RangePicker(props: { value: AdminRange; onChange: (range: AdminRange) => void }) {
  return (
    <FilterChips
      label="Range"
      value={String(props.value) as `${AdminRange}`}
      options={OPTIONS}
      onChange={(v) => props.onChange(Number(v) as AdminRange)}
    />
  );
}
