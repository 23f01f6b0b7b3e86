import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { usersUrl, useUsers } from "../api/get-users";
import { day, PagedTable } from "../components/paged-table";

/** Admin Users: search members by name, username or email, a page at a time; each leads to his page. */
export function UsersPanel() {
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="admin-user-search" className="block text-sm font-medium">
            Name, username or email
          </label>
          <Input id="admin-user-search" type="search" value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <QueryState
        query={users}
        loading={
          <Loading label="Loading members">
            <Skeleton className="h-64 rounded-xl" />
          </Loading>
        }
        error="The members could not be loaded."
      >
        {(data) => (
          <PagedTable
            caption={q ? `Members matching “${q}”` : "All members, newest first"}
            page={data}
            rowKey={(u) => u.id}
            onPage={setPage}
            csvUrl={usersUrl(q, 1, "csv")}
            empty={q ? `No member's name, username or email contains “${q}”.` : "No members yet."}
            columns={[
              {
                header: "Name",
                cell: (u) => (
                  <Link to={`/admin/users/${u.id}`} className="font-medium underline underline-offset-2 hover:no-underline">
                    {u.name}
                  </Link>
                ),
              },
              { header: "Username", cell: (u) => (u.username ? `@${u.username}` : "—") },
              { header: "Email", cell: (u) => u.email },
              {
                header: "State",
                cell: (u) =>
                  [u.role === "admin" ? "Admin" : null, u.banned ? "Banned" : null].filter(Boolean).join(", ") || "Member",
              },
              { header: "Joined", cell: (u) => day(u.created_at) },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
