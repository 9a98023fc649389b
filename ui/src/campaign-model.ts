// Pure helpers of the Campaign screen (tested in ui/test/game.test.ts).

/**
 * A safe file name for a campaign's export: the name with anything that is
 * not a letter, digit, dot or dash turned into single dashes, so a name like
 * "Tuesday / Crypt" cannot make a path.
 */
export function exportFileName(campaign: string): string {
  const slug = campaign
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}.-]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .toLowerCase();
  return `${slug || "campaign"}.campaign.json`;
}
