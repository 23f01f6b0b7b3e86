import { useState } from "react";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { usersUrl, useUsers } from "../api/get-users";
import { day, PagedTable } from "../components/paged-table";
import { SearchForm } from "../components/search-form";

/** Admin Users: search members by name, username or email, a page at a time; each leads to his page. */
export function UsersPanel() {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  return (
    <div className="space-y-4">
      <SearchForm
        id="admin-user-search"
        label="Name, username or email"
        onSearch={(words) => {
          setQ(words);
          setPage(1);
        }}
      />
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
