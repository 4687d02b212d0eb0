import { Clock, Code, Database, GitBranch, Globe, MousePointerClick, Package, Reply, Shuffle, Sparkles, Webhook, type LucideIcon } from "lucide-react";
import type { WorkflowNodeType } from "@/shared/workflows";

export const nodeIcons: Record<WorkflowNodeType, LucideIcon> = {
  webhook: Webhook,
  schedule: Clock,
  manual: MousePointerClick,
  http: Globe,
  openai: Sparkles,
  supabase: Database,
  condition: GitBranch,
  transform: Shuffle,
  code: Code,
  respond: Reply,
  opaque: Package,
};
