import { useState } from "react";
import { useSearchParams } from "react-router";
import { LinkedPost, PostFeed } from "@/community";
import { PageHeading } from "@/components/ui/page";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { PastureNav } from "../components/pasture-nav";
import { PostComposer } from "../components/post-composer";

type Filter = "all" | "prayer";

/** /pasture: (first, the post a notification links to, when it names one) the whole community's feed, newest first, with the composer and an All / Prayer requests filter. */
export function PasturePage() {
  const [filter, setFilter] = useState<Filter>("all");
  // A notification's link names the post (and the comment) it is about.
  const [params] = useSearchParams();
  const linkedPost = params.get("post");
  return (
    <div className="space-y-5">
      <PastureNav />
      <PageHeading
        title="The Pasture"
        description="Where brothers share prayer requests, encouragement and what God is teaching them."
      />
      {linkedPost ? <LinkedPost key={linkedPost} postId={linkedPost} commentId={params.get("comment")} /> : null}
      <PostComposer />
      <Tabs
        label="Show"
        idBase="pasture"
        value={filter}
        onChange={setFilter}
        tabs={[
          { value: "all", label: "All" },
          { value: "prayer", label: "Prayer requests" },
        ]}
      />
      <TabPanel idBase="pasture" value={filter}>
        {filter === "all" ? (
          <PostFeed
            filter={{}}
            label="Posts"
            empty="Nothing here yet. Share what God is teaching you, or ask your brothers to pray."
          />
        ) : (
          <PostFeed
            filter={{ kind: "prayer_request" }}
            label="Prayer requests"
            empty="No prayer requests yet. If something weighs on you, your brothers want to pray with you."
          />
        )}
      </TabPanel>
    </div>
  );
}
