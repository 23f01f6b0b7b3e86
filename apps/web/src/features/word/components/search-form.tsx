import { useState } from "react";
import { useNavigate } from "react-router";
import { Search } from "lucide-react";
import { SEARCH_QUERY_MAX } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Words, a phrase in quotes, or a reference such as "John 3:16". */
export function SearchForm(props: { initial?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(props.initial ?? "");
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const query = q.trim();
        if (query) navigate(`/word/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor="bible-search" className="sr-only">
        Search the Bible
      </label>
      <Input
        id="bible-search"
        type="search"
        value={q}
        maxLength={SEARCH_QUERY_MAX}
        autoFocus={props.autoFocus}
        placeholder='Search: good shepherd, "be still", John 3:16'
        onChange={(event) => setQ(event.target.value)}
      />
      <Button type="submit" aria-label="Search">
        <Search aria-hidden="true" className="h-5 w-5" />
      </Button>
    </form>
  );
}
