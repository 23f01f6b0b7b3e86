/**
 * The community slice: what The Pasture, My Flock, The Path's plans with the flock and profiles share (posts, comments,
 * mentions, reports, who is in his flock). Features import it from here, never from its folders, so what they may use is this list.
 */
export type { CommentKind } from "./api/comment-kind";
export { feedQuery, patchFeedItem } from "./api/feed-pages";
export { flockKeys } from "./api/flock-keys";
export { flockQuery, flockSaved, useFlock } from "./api/get-flock";
export { flocksQuery, useFlocks } from "./api/get-flocks";
export { invalidatePosts } from "./api/get-posts";
export { CharacterCount } from "@/components/ui/character-count";
export { CommentThread } from "./components/comment-thread";
export { CommentsToggle } from "./components/comments-toggle";
export { EditBox } from "./components/edit-box";
export { Feed } from "./components/feed";
export { ItemHeader } from "./components/item-header";
export { LinkedItem, LinkedPost } from "./components/linked-item";
export { MentionText } from "./components/mention-text";
export { MentionTextarea } from "./components/mention-textarea";
export { PostFeed, PostSkeletons } from "./components/post-feed";
export { ReportDialog } from "./components/report-dialog";
export { ScriptureRefField, scriptureRefError } from "./components/scripture-ref-field";
export { TimeAgo } from "./components/time-ago";
export { gatheringKeys } from "./api/gathering-keys";
export { gatheringsQuery, useGatherings } from "./api/get-gatherings";
export { GatheringList, joinPath } from "./components/gathering-list";
export { GatheringTime } from "./components/gathering-time";
export { FlockGatherings, HostGathering } from "./components/host-gathering";
